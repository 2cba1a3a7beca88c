import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ConfirmSubmit } from "~/components/ui/confirm-submit";
import { Field, FormErrors } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { RenameProfileSchema } from "~/modules/speakers/speaker-forms";
import { countOf } from "~/utils/plural";

interface Profile {
  id: string;
  name: string;
  seconds: number;
  recordings: number;
}

/** The user's speaker library: each saved voice, renamed or deleted here. Plain forms (ADR 009). */
export function SpeakerProfilesSection({
  profiles,
  reply,
}: {
  profiles: Profile[];
  reply: SubmissionResult<string[]> | undefined;
}) {
  return (
    <section aria-labelledby="speaker-profiles-title" className="rounded-xl border border-slate-200 p-6">
      <h2 id="speaker-profiles-title" className="scroll-mt-24 text-lg font-semibold">
        Speaker library
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Voices you saved when renaming a speaker. New recordings with speaker labels name these speakers automatically
        when the voice matches. Renaming or deleting a voice leaves transcripts already named as they are.
      </p>
      {profiles.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          No voices yet. On a transcript with speaker labels, rename a speaker and tick &ldquo;Save this voice to my
          speaker library&rdquo;.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {profiles.map((profile) => (
            <ProfileRow
              key={`${profile.id}-${profile.name}`}
              profile={profile}
              reply={reply?.initialValue?.profileId === profile.id ? reply : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ProfileRow({ profile, reply }: { profile: Profile; reply: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(`speaker-profile-${profile.id}`, RenameProfileSchema, reply, {
    intent: "speaker-profile-rename",
    defaultValue: { name: profile.name },
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const deleteFormId = `speaker-profile-delete-${profile.id}`;
  return (
    <li className="py-3">
      <p className="text-sm">
        <span className="font-semibold">{profile.name}</span>{" "}
        <span className="text-slate-600">
          ({profile.seconds} s of voice; in {countOf(profile.recordings, "recording")})
        </span>
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
          <FormErrors form={form} />
          <input type="hidden" name="profileId" value={profile.id} />
          <Field label={`New name for ${profile.name}`} field={fields.name} required maxLength={60} />
          <button
            type="submit"
            name="intent"
            value="speaker-profile-rename"
            disabled={busy}
            className={buttonClass("secondary")}
          >
            Rename
          </button>
        </Form>
        <Form method="post" id={deleteFormId}>
          <input type="hidden" name="profileId" value={profile.id} />
        </Form>
        <ConfirmSubmit
          form={deleteFormId}
          name="intent"
          value="speaker-profile-delete"
          label="Delete"
          aria-label={`Delete ${profile.name}`}
          title={`Delete ${profile.name}'s voice?`}
          description="New recordings will no longer be named after it. Transcripts already named keep their names."
          confirmLabel="Delete voice"
          variant="secondary"
          disabled={busy}
        />
      </div>
    </li>
  );
}
