// What is kept, for how long, where and who can read it: drawn from the server's settings (privacyFacts), so the
// privacy page and the policy say what the code does.
import { retentionLabel } from "~/modules/privacy/retention";
import { countOf } from "~/utils/plural";

export interface PrivacyFactsData {
  storage: string;
  /** How stored audio is encrypted, as a phrase ("encrypted (AES-256-GCM) as they arrive…", "not encrypted"). */
  encryption: string;
  /** Where the audio is while it is transcribed, as a clause ("a copy is downloaded into a working folder…"). */
  transcription: string;
  maxAudioDays: number | null;
  maxRecordingDays: number | null;
  exportLinkDays: number;
  accountGraceDays: number;
  sessionDays: number;
  processors: { what: string; sentTo: string | null }[];
}

export function PrivacyFactsList({
  facts,
  effective,
}: {
  facts: PrivacyFactsData;
  /** The signed-in user's own policy after the server's ceilings. */
  effective?: { audioDays: number | null; recordingDays: number | null };
}) {
  const keep = (days: number | null, until: string) =>
    days === null ? `until you delete it` : `${retentionLabel(days).toLowerCase()} ${until} at the latest`;
  return (
    <>
      <h2>What we keep, and for how long</h2>
      <ul>
        <li>
          Your profile (name, email address, industry, how you heard about us, plan): until you delete the account.
        </li>
        <li>
          Original audio:{" "}
          {effective ? keep(effective.audioDays, "after its transcript is made") : "until you delete it"}
          {facts.maxAudioDays !== null
            ? `. This server deletes all audio ${countOf(facts.maxAudioDays, "day")} after its transcript at the latest`
            : ""}
          .
        </li>
        <li>
          Recordings with their transcripts, translations and summaries:{" "}
          {effective ? keep(effective.recordingDays, "after upload") : "until you delete them"}
          {facts.maxRecordingDays !== null
            ? `. This server deletes every recording ${countOf(facts.maxRecordingDays, "day")} after upload at the latest`
            : ""}
          .
        </li>
        <li>
          Sign-in sessions (browser, IP address): {countOf(facts.sessionDays, "day")} after the last sign-in, or until
          you sign out.
        </li>
        <li>
          The audit trail (sign-ins and failed sign-ins, transcripts opened and edited, exports, downloads, deletions,
          share links, API keys and plan changes, with IP address and browser): kept, as a record that cannot be
          rewritten. When the account is deleted, your name, addresses, browsers and titles in it are erased; that
          something happened, and when, stays.
        </li>
        <li>Data exports: {countOf(facts.exportLinkDays, "day")}, then the file is deleted.</li>
        <li>
          When you delete your account, everything above (but the audit trail, erased as said) goes from the database
          and from storage, at once or after {countOf(facts.accountGraceDays, "day")} if you choose the grace period
          (signing in cancels it). A paid plan is cancelled.
        </li>
      </ul>
      <h2>Where it is kept</h2>
      <p>
        Audio files and data exports are stored {facts.storage}. Everything else is in this service&apos;s database.
      </p>
      <p>
        Stored audio files are {facts.encryption}. While a recording is transcribed, {facts.transcription}, which is
        emptied when the job ends.
      </p>
      <h2>Who can read it</h2>
      <ul>
        <li>You, when signed in. Nobody else can open your recordings, transcripts or exports.</li>
        <li>
          Support staff see your support conversations and your account&apos;s email, plan and minutes used when you
          write to them. They do not see your recordings, transcripts or access log.
        </li>
        {facts.processors.map((processor) => (
          <li key={processor.what}>
            {processor.what}:{" "}
            {processor.sentTo
              ? `sent to ${processor.sentTo} to be processed`
              : "done on this server; nothing is sent out"}
            .
          </li>
        ))}
      </ul>
    </>
  );
}
