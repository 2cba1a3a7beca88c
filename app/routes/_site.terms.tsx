import type { Route } from "./+types/_site.terms";
import { PageHeader, pageMeta, Prose } from "~/components/page";

export const meta: Route.MetaFunction = () => pageMeta("Terms of service", "The terms for using Voxlate.");

export default function Terms() {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of service" />
      <Prose>
        <h2>Using Voxlate</h2>
        <p>
          You may upload only recordings you have the right to process, and you must have the consent of the people
          recorded where the law requires it.
        </p>
        <h2>Your content</h2>
        <p>Your recordings and transcripts remain yours. We process them only to provide the service.</p>
        <h2>Plans</h2>
        <p>
          The Free plan includes 5 minutes of transcription a month. Paid plans renew weekly or monthly and can be
          cancelled anytime; you keep your data when you cancel. Some paid plans carry a 7-day money-back guarantee.
        </p>
        <h2>Accuracy</h2>
        <p>
          Automatic transcription and translation can contain mistakes. Check transcripts before you rely on them for
          legal, medical or financial decisions.
        </p>
      </Prose>
    </>
  );
}
