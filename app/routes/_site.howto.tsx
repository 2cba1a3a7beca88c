import type { Route } from "./+types/_site.howto";
import { PageHeader, pageMeta, Prose } from "~/components/page";

export const meta: Route.MetaFunction = () =>
  pageMeta("How-to guides", "Step-by-step guides for common tasks in Voxlate.");

export default function HowTo() {
  return (
    <>
      <PageHeader eyebrow="Support" title="How-to guides" lead="Step-by-step guides for the things people do most." />
      <Prose>
        <h2>Transcribe a recording</h2>
        <ol>
          <li>Sign in and open the dashboard.</li>
          <li>Drag your file onto the upload area, or choose it with the file picker.</li>
          <li>Pick the spoken language, or leave it on auto-detect.</li>
          <li>Start the upload and follow the progress. Long files: we email you when the transcript is ready.</li>
        </ol>
        <h2>Export subtitles</h2>
        <ol>
          <li>Open the transcript.</li>
          <li>Choose Export, then SRT.</li>
          <li>Load the file in your video editor or upload it next to your video.</li>
        </ol>
        <h2>Change your cookie choices</h2>
        <ol>
          <li>Scroll to the bottom of any page and choose Cookie settings.</li>
          <li>Switch analytics, marketing or functional cookies on or off.</li>
          <li>Choose Save Preferences.</li>
        </ol>
      </Prose>
    </>
  );
}
