import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/_app.recordings.folders.$folderId.access";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { FolderAccessFormSchema } from "~/modules/library/library-forms";
import { folderAccess, setFolderAccess } from "~/modules/library/library.server";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data ? `Access to “${data.folder.name}”` : "Folder access", "Who may open a restricted folder."),
  { name: "robots", content: "noindex" },
];

// GET /recordings/folders/:folderId/access: a folder's ethical wall (ADR 034-workspace), for members who may manage the
// workspace's policies (owners and admins), named or not. Others who can see the folder get a 403, the rest a 404.
export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  return folderAccess(userId, params.folderId);
});

// POST restricted=on&memberIds=…: replaces the wall; without `restricted` the folder is open to the workspace again.
export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: FolderAccessFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { folder } = await setFolderAccess(userId, params.folderId, submission.value, { request, context });
  return redirectWithToast(
    `/recordings/folders/${params.folderId}/access`,
    folder.restricted
      ? { type: "success", title: "Access saved", description: `Only the members named can open “${folder.name}”.` }
      : {
          type: "success",
          title: "Restriction lifted",
          description: `Everyone in the workspace can open “${folder.name}”.`,
        },
    { status: 303 },
  );
});

export default function FolderAccessPage({ loaderData, actionData }: Route.ComponentProps) {
  const { folder, members } = loaderData;
  const [form] = useSchemaForm("folder-access", FolderAccessFormSchema, actionData, { shouldValidate: "onSubmit" });
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <p className="text-sm">
        <Link to={`/recordings?folder=${folder.id}`} className="underline">
          ← Back to the folder
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Access to “{folder.name}”</h1>
      <p className="mt-2 text-slate-700">
        A restricted folder is an ethical wall: only the members named below can open, search, list, export or share its
        recordings, or reach them through the API. Owners and admins are walled too unless they are named.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <FormErrors form={form} title="The access could not be saved" />
        <label className="flex items-center gap-2 font-medium">
          <input type="checkbox" name="restricted" defaultChecked={folder.restricted} className="h-4 w-4" />
          Restrict this folder to the members named below
        </label>
        <fieldset className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">Members named on the wall</legend>
          {members.length === 0 ? (
            <p className="text-sm text-slate-600">This workspace has no members yet.</p>
          ) : (
            <ul className="space-y-2">
              {members.map((member) => (
                <li key={member.userId}>
                  <label className="flex flex-wrap items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="memberIds"
                      value={member.userId}
                      defaultChecked={member.named}
                      className="h-4 w-4"
                    />
                    <span className="font-medium">{member.name || member.email}</span>
                    <span className="text-slate-600">{member.email}</span>
                    <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700">{member.role}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <button type="submit" className={buttonClass("primary")}>
          Save access
        </button>
      </Form>
    </div>
  );
}

const folderMissing = missingHandler({ to: "/recordings", label: "Back to your recordings" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: folderMissing }} />;
