import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { RecordingSpeakerVoice } from "~/modules/speakers/speakers.server";

const percent = (similarity: number) => `${Math.round(similarity * 100)}%`;

/**
 * The recording's voices and the speaker library: who was named automatically (with a one-click undo), and a
 * button to keep a named speaker's voice. Plain forms: they work without JavaScript.
 */
export function SpeakerVoicesSection({ voices, busy }: { voices: RecordingSpeakerVoice[]; busy: boolean }) {
  if (voices.length === 0) return null;
  return (
    <section aria-labelledby="speaker-voices-title" className="mt-10 rounded-xl border border-slate-200 p-6">
      <h2 id="speaker-voices-title" className="scroll-mt-48 font-semibold">
        Speaker library
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Voices you save are named automatically in your new recordings with speaker labels. Manage them on your{" "}
        <Link to="/account#speaker-profiles-title" className="text-brand-700 underline">
          account page
        </Link>
        .
      </p>
      <ul className="mt-3 space-y-2">
        {voices.map((voice) => (
          <li key={voice.id} className="flex flex-wrap items-center gap-3 text-sm">
            {voice.matchSimilarity !== null ? (
              <>
                <span>
                  <span className="font-semibold">{voice.originalLabel}</span> matched{" "}
                  <span className="font-semibold">{voice.label}</span> ({percent(voice.matchSimilarity)})
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="undo-speaker-match" />
                  <input type="hidden" name="voiceId" value={voice.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className={buttonClass("secondary")}
                    aria-label={`Undo: call ${voice.label} ${voice.originalLabel} again`}
                  >
                    Undo
                  </button>
                </Form>
              </>
            ) : voice.profileName ? (
              <span>
                <span className="font-semibold">{voice.label}</span>: saved in your speaker library
                {voice.profileName !== voice.label ? ` as ${voice.profileName}` : ""}
              </span>
            ) : (
              <>
                <span className="font-semibold">{voice.label}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="save-voice" />
                  <input type="hidden" name="speaker" value={voice.label} />
                  <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                    Save {voice.label}&rsquo;s voice to my speaker library
                  </button>
                </Form>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
