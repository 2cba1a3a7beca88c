import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { UrlImportSchema } from "~/modules/recordings/url-import-form";

/** The import form's button value, by which the dashboard tells its reply from the upload's refusals. */
export const IMPORT_INTENT = "import";

/**
 * Import from a URL: a plain form posted to /dashboard?import (it works without JavaScript). The server fetches the
 * file from a public address, then transcribes it like an upload, with the spoken language detected.
 */
export function UrlImportForm({ reply }: { reply: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm("url-import", UrlImportSchema, reply);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.includes("import");
  return (
    <Form method="post" action="/dashboard?import" {...getFormProps(form)} className="mt-6 space-y-3">
      <h3 className="font-semibold">Or import from a link</h3>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value={IMPORT_INTENT} />
      <Field
        label="Audio file address"
        field={fields.url}
        type="url"
        placeholder="https://example.com/podcast/episode.mp3"
        hint="A direct link to an MP3, WAV, M4A or WEBM file on a public website, within your plan's upload limit."
        required
      />
      <button type="submit" disabled={busy} className={buttonClass("secondary")}>
        {busy ? "Importing..." : "Import and transcribe"}
      </button>
    </Form>
  );
}
