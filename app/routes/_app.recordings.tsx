import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/_app.recordings";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { pageMeta } from "~/components/page";
import {
  BULK_FORM_ID,
  BulkActionBar,
  CreateFolderForm,
  CurrentFolderForms,
  FolderNav,
} from "~/components/recordings/library";
import { LibraryTable, type LibrarySelection } from "~/components/recordings/library-table";
import { buttonClass } from "~/components/ui/button";
import { pageRefusal, replyTo } from "~/components/ui/form-reply";
import { RecordingListQuerySchema } from "~/modules/recordings/list.server";
import { DEFAULT_SORT } from "~/modules/recordings/library-sorts";
import { LibraryActionSchema, NO_FOLDER } from "~/modules/library/library-forms";
import {
  addTag,
  createFolder,
  deleteFolder,
  deleteRecordings,
  libraryPage,
  moveRecordings,
  removeTag,
  renameFolder,
} from "~/modules/library/library.server";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { retentionNotes } from "~/modules/privacy/retention.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { countOf } from "~/utils/plural";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: Route.MetaFunction = () => pageMeta("Recordings", "Every recording you uploaded or recorded.");

export const loader = withRefusals(async ({ request }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const parsed = RecordingListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data({ error: parsed.error.issues[0]?.message ?? "Check the search." }, { status: 400 });
  const query = parsed.data;
  const { retentionChoice, ...library } = await libraryPage(userId, query);
  const retention = retentionNotes(retentionChoice, library.items);
  return { ...library, query, retention };
});

/** The list as it was (search, folder, tag, sort, page), to come back to after an action. */
function backTo(request: Request, drop: string[] = []) {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  for (const name of drop) url.searchParams.delete(name);
  const search = url.searchParams.toString();
  return `/recordings${search ? `?${search}` : ""}`;
}

export const action = withFormRefusals(async ({ request, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: LibraryActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  const here = backTo(request);
  const done = (title: string, description?: string, to = here) =>
    redirectWithToast(to, { type: "success", title, description }, { status: 303 });
  switch (input.intent) {
    case "create-folder": {
      const folder = await createFolder(userId, input.name);
      // The list stays as it was: opening the new (empty) folder would quietly limit the next search to it.
      return done(`Folder “${folder.name}” created`, "Tick recordings and choose “Move” to file them in it.");
    }
    case "rename-folder":
      await renameFolder(userId, input.folderId, input.name);
      return done(`Folder renamed to “${input.name}”`);
    case "delete-folder": {
      const { name, moved } = await deleteFolder(userId, input.folderId);
      return done(
        `Folder “${name}” deleted`,
        moved ? `${countOf(moved, "recording")} moved back to “No folder”.` : undefined,
        backTo(request, ["folder", "page"]),
      );
    }
    case "move": {
      const { folderName } = await moveRecordings(userId, input.ids, input.folderId);
      return done(`${countOf(input.ids.length, "recording")} moved to ${folderName ? `“${folderName}”` : "No folder"}`);
    }
    case "add-tag": {
      const tag = await addTag(userId, input.ids, input.tag);
      return done(`Tagged ${countOf(input.ids.length, "recording")} #${tag}`);
    }
    case "remove-tag": {
      const tag = await removeTag(userId, input.recordingId, input.tag);
      return done(`Removed #${tag}`);
    }
    case "delete": {
      const count = await deleteRecordings(userId, input.ids, { request, context });
      return done(`${countOf(count, "recording")} deleted`);
    }
  }
});

/** The messages for the forms that send these intents: the errors of a Conform reply to one of them. */
function errorsFor(actionData: unknown, intents: string[]): string[] {
  return Object.values(replyTo(actionData, intents)?.error ?? {})
    .flat()
    .filter((message): message is string => typeof message === "string");
}

export default function Recordings({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, totalPages, query, folders, tags, folder, unfiled, retention } = loaderData;
  const library = loaderData;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  // Rows ticked before the page's scripts loaded: once hydrated the checkboxes follow `selected`, which would untick
  // them. This runs in the same pass as useHydrated's effect, while the bulk form still holds what the user ticked.
  useEffect(() => {
    const form = document.getElementById(BULK_FORM_ID);
    const ticked = form instanceof HTMLFormElement ? new FormData(form).getAll("ids").map(String) : [];
    if (ticked.length > 0) setSelected(new Set(ticked));
  }, []);
  const onPage = items.map((item) => item.id);
  const selectedHere = onPage.filter((id) => selected.has(id));

  const link = (changes: Partial<Record<"q" | "sort" | "folder" | "tag" | "page", string | undefined>>) => {
    const merged = { q: query.q, sort: query.sort, folder: query.folder, tag: query.tag, ...changes };
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(merged)) {
      if (value && !(name === "sort" && value === DEFAULT_SORT)) params.set(name, value);
    }
    const search = params.toString();
    return `/recordings${search ? `?${search}` : ""}`;
  };
  const filtered = Boolean(query.q || query.folder || query.tag);
  const folderCounts = folders.reduce((sum, entry) => sum + entry.count, 0);
  const refusal = pageRefusal(actionData);
  const bulkErrors = errorsFor(actionData, ["move", "add-tag", "delete"]);

  // With JavaScript, the bulk form's own actions go through the router (no reload) and only the ZIP download is a
  // native submission: the browser saves the attachment and stays on the page.
  const onBulkSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.getAttribute("formaction")) return;
    event.preventDefault();
    setSelected(new Set());
    void submit(new FormData(event.currentTarget, submitter), { method: "post", action: link({}) });
  };
  const selection: LibrarySelection = {
    hydrated,
    selected,
    onToggle: (id, checked) =>
      setSelected((previous) => {
        const next = new Set(previous);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      }),
    onToggleAll: (checked) => setSelected(new Set(checked ? onPage : [])),
  };
  // Without JavaScript the bulk form is always there (the checkboxes post it); with it, only while a row is ticked,
  // or when the server sent back an error for it.
  const showBulk = items.length > 0 && (!hydrated || selectedHere.length > 0 || bulkErrors.length > 0);

  return (
    <>
      <AppPageHeader
        title="Recordings"
        description={countOf(unfiled + folderCounts, "recording")}
        actions={
          library.may.upload ? (
            <Link to={folder ? `/dashboard?folder=${folder.id}` : "/dashboard"} className={buttonClass("primary")}>
              Upload or record
            </Link>
          ) : null
        }
      />
      <div className="flex flex-col gap-6 px-4 py-4 lg:flex-row lg:px-8">
        <aside aria-label="Folders and folder actions" className="shrink-0 space-y-4 lg:w-44">
          <FolderNav
            folders={folders}
            current={query.folder}
            total={unfiled + folderCounts}
            unfiled={unfiled}
            linkTo={(target) => link({ folder: target, page: undefined })}
          />
          {folder && library.may.edit ? (
            <CurrentFolderForms
              key={`${folder.id}:${folder.name}`}
              folder={folders.find((entry) => entry.id === folder.id) ?? { ...folder, count: 0 }}
              renameReply={replyTo(actionData, "rename-folder")}
              deleteErrors={errorsFor(actionData, ["delete-folder"])}
              canManageAccess={library.canManageAccess}
            />
          ) : null}
          {library.otherWalls.length ? (
            <nav aria-label="Restricted folders you are not named in" className="text-sm">
              <h2 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Other restricted folders
              </h2>
              <ul className="space-y-1">
                {library.otherWalls.map((wall) => (
                  <li key={wall.id}>
                    <Link to={`/recordings/folders/${wall.id}/access`} className="underline">
                      {wall.name}: access
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {library.may.edit ? <CreateFolderForm reply={replyTo(actionData, "create-folder")} /> : null}
        </aside>

        <section aria-label="Recordings list" className="min-w-0 flex-1">
          <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
            {query.sort !== DEFAULT_SORT ? <input type="hidden" name="sort" value={query.sort} /> : null}
            <div className="min-w-0 flex-1 basis-56">
              <label htmlFor="recordings-search" className="block text-sm font-medium">
                Search titles and transcripts
              </label>
              <input
                id="recordings-search"
                name="q"
                type="search"
                maxLength={200}
                defaultValue={query.q ?? ""}
                placeholder='e.g. budget, "quarterly review", -draft'
                className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
              />
            </div>
            <div>
              <label htmlFor="recordings-folder" className="block text-sm font-medium">
                Folder
              </label>
              <select
                id="recordings-folder"
                name="folder"
                defaultValue={query.folder ?? ""}
                key={query.folder ?? ""}
                className="mt-1 max-w-44 rounded-md border border-slate-300 px-3 py-2"
              >
                <option value="">All folders</option>
                <option value={NO_FOLDER}>No folder</option>
                {folders.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="recordings-tag" className="block text-sm font-medium">
                Tag
              </label>
              <select
                id="recordings-tag"
                name="tag"
                defaultValue={query.tag ?? ""}
                key={query.tag ?? ""}
                className="mt-1 max-w-44 rounded-md border border-slate-300 px-3 py-2"
              >
                <option value="">Any tag</option>
                {tags.map((tag) => (
                  <option key={tag.id} value={tag.name}>
                    {tag.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass("secondary")}>
              Search
            </button>
          </Form>

          <p className="mt-3 text-sm text-slate-600" aria-live="polite">
            {query.q
              ? `${countOf(total, "recording matches", "recordings match")} “${query.q}”`
              : countOf(total, "recording")}
            {folder ? ` in “${folder.name}”` : query.folder === NO_FOLDER ? " in no folder" : ""}
            {query.tag ? ` tagged #${query.tag}` : ""}.{" "}
            {filtered ? (
              <Link to="/recordings" className="underline">
                Clear filters
              </Link>
            ) : null}
          </p>
          {refusal ? (
            <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {refusal}
            </p>
          ) : null}

          {items.length === 0 ? (
            <EmptyLibrary
              searched={Boolean(query.q)}
              filtered={filtered}
              folderName={folder?.name ?? null}
              onlyFolder={Boolean(folder) && !query.q && !query.tag}
            />
          ) : (
            <div className="mt-3">
              <LibraryTable
                items={items}
                retention={retention}
                sort={query.sort}
                sortHref={(sort) => link({ sort, page: undefined })}
                tagHref={(tag) => link({ tag, page: undefined })}
                selection={selection}
                mayEdit={library.may.edit}
              />
            </div>
          )}

          {showBulk ? (
            <BulkActionBar
              folders={folders}
              errors={bulkErrors}
              selectedCount={selectedHere.length}
              hydrated={hydrated}
              onSubmit={onBulkSubmit}
              may={library.may}
            />
          ) : null}

          {totalPages > 1 ? (
            <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
              {page > 1 ? <Link to={link({ page: String(page - 1) })}>Previous</Link> : <span />}
              <span>
                Page {page} of {totalPages}
              </span>
              {page < totalPages ? <Link to={link({ page: String(page + 1) })}>Next</Link> : <span />}
            </nav>
          ) : null}
        </section>
      </div>
    </>
  );
}

/** What to do next, for each way a list can be empty. */
function EmptyLibrary({
  searched,
  filtered,
  folderName,
  onlyFolder,
}: {
  searched: boolean;
  filtered: boolean;
  folderName: string | null;
  onlyFolder: boolean;
}) {
  return (
    <div className="mt-4 rounded-xl border border-slate-200 p-8 text-center text-slate-600">
      {onlyFolder ? (
        <p>
          “{folderName}” is empty. Open{" "}
          <Link to="/recordings" className="underline">
            All recordings
          </Link>
          , tick the recordings you want here and choose “Move” with this folder.
        </p>
      ) : searched ? (
        <p>No titles or transcripts match. Try fewer or different words, or clear the folder and tag filters.</p>
      ) : filtered ? (
        <p>
          No recordings match these filters.{" "}
          <Link to="/recordings" className="underline">
            Show all recordings.
          </Link>
        </p>
      ) : (
        <p>
          You have no recordings yet.{" "}
          <Link to="/dashboard" className="underline">
            Upload one from the dashboard.
          </Link>
        </p>
      )}
    </div>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary />;
