import type { Route } from "./+types/_site.email-templates";
import { PageHeader, pageMeta } from "~/components/page";

export const meta: Route.MetaFunction = () =>
  pageMeta("Email templates", "Ready-to-use emails for asking consent to record and for sharing transcripts.");

const TEMPLATES = [
  {
    title: "Asking consent to record a meeting",
    body: `Subject: Recording our meeting on {date}

Hi {name},

To keep an accurate record of our meeting on {date}, I would like to record the audio and create a written transcript. The recording is used only for this purpose and is deleted when it is no longer needed.

Please reply to let me know whether you agree. If you prefer not to be recorded, I will take notes by hand instead.

Best regards,
{your name}`,
  },
  {
    title: "Sending a transcript to a client",
    body: `Subject: Transcript of our conversation on {date}

Hi {name},

Attached is the transcript of our conversation on {date}. Each passage carries its timestamp, so it is easy to find in the recording.

If anything looks wrong, reply with the time and the correction and I will update it.

Best regards,
{your name}`,
  },
];

export default function EmailTemplates() {
  return (
    <>
      <PageHeader eyebrow="Support" title="Email templates" lead="Copy, fill in the braces and send." />
      <section className="mx-auto max-w-3xl space-y-10 px-4 py-12">
        {TEMPLATES.map((template) => (
          <article key={template.title}>
            <h2 className="text-xl font-semibold">{template.title}</h2>
            <pre className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-5 font-sans text-sm whitespace-pre-wrap text-slate-800">
              {template.body}
            </pre>
          </article>
        ))}
      </section>
    </>
  );
}
