// The library's pieces (/recordings): folder navigation and folder forms, tag chips, and the bulk action bar. Every
// action is a plain form; the bulk bar's checkboxes sit in the list rows and join its form by id (form="bulk").
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ConfirmSubmit } from "~/components/ui/confirm-submit";
import { Field } from "~/components/ui/field";
import type { FormReply } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { cn } from "~/utils/cn";
import { countOf } from "~/utils/plural";
import { EXPORT_FORMATS, EXPORT_LABELS } from "~/services/export/types";
import {
  CreateFolderSchema,
  FOLDER_NAME_MAX,
  NO_FOLDER,
  RenameFolderSchema,
  TAG_NAME_MAX,
} from "~/modules/library/library-forms";

export const BULK_FORM_ID = "bulk";

export interface LibraryFolder {
  id: string;
  name: string;
  count: number;
  /** Behind an ethical wall (ADR 034-workspace). */
  restricted?: boolean;
}

const INPUT = "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900";

function Errors({ id, messages }: { id: string; messages: string[] }) {
  if (!messages.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {messages.join(" ")}
    </p>
  );
}

/** Links to every folder (with their counts), "All recordings" and "No folder"; the current one is marked. */
export function FolderNav({
  folders,
  current,
  total,
  unfiled,
  linkTo,
}: {
  folders: LibraryFolder[];
  current: string | undefined;
  total: number;
  unfiled: number;
  linkTo: (folder: string | undefined) => string;
}) {
  const entries = [
    { key: "all", value: undefined, name: "All recordings", count: total },
    { key: NO_FOLDER, value: NO_FOLDER, name: "No folder", count: unfiled },
    ...folders.map((folder) => ({
      key: folder.id,
      value: folder.id,
      name: folder.name,
      count: folder.count,
      restricted: folder.restricted ?? false,
    })),
  ];
  return (
    <nav aria-label="Folders">
      <h2 className="mb-2 hidden text-xs font-semibold tracking-wide text-slate-500 uppercase lg:block">Folders</h2>
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-0.5">
        {entries.map((entry) => {
          const active = current === entry.value;
          return (
            <li key={entry.key}>
              <Link
                to={linkTo(entry.value)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex max-w-full items-center gap-2 rounded-full border px-3 py-1.5 text-sm",
                  "lg:flex lg:w-full lg:justify-between lg:rounded-md lg:border-transparent lg:py-1",
                  active
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 lg:bg-transparent lg:hover:bg-slate-100",
                )}
              >
                <span className="truncate">
                  {entry.name}
                  {"restricted" in entry && entry.restricted ? (
                    <span className="ml-1 text-xs">(restricted)</span>
                  ) : null}
                </span>
                <span aria-hidden="true" className={active ? "text-white" : "text-slate-600"}>
                  {entry.count}
                </span>
                <span className="sr-only">({countOf(entry.count, "recording")})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** "New folder": a name and a button; the name is checked as it is typed (ADR 011). */
export function CreateFolderForm({ reply }: { reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm("new-folder", CreateFolderSchema, reply, { intent: "create-folder" });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-36">
        <Field label="New folder" field={fields.name} maxLength={FOLDER_NAME_MAX} autoComplete="off" />
      </div>
      <button type="submit" name="intent" value="create-folder" className={buttonClass("secondary")}>
        Create folder
      </button>
    </Form>
  );
}

/**
 * Rename and delete for the folder on screen. Deleting keeps its recordings: they go back to "No folder". The new name
 * is checked as it is typed; `deleteErrors` are a refused delete's (only a forged post has any). Render it keyed by
 * the folder's id and name, so another folder, or a rename that succeeded, starts the form afresh.
 */
export function CurrentFolderForms({
  folder,
  renameReply,
  deleteErrors,
  canManageAccess = false,
}: {
  folder: LibraryFolder;
  renameReply: FormReply | undefined;
  deleteErrors: string[];
  /** The reader may restrict folders to named members (manage-policy): the "Access" link is shown. */
  canManageAccess?: boolean;
}) {
  const deleteFormId = `delete-folder-${folder.id}`;
  const [form, fields] = useSchemaForm("rename-folder", RenameFolderSchema, renameReply, {
    intent: "rename-folder",
    defaultValue: { folderId: folder.id, name: folder.name },
  });
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="folderId" value={folder.id} />
        <div className="min-w-0 flex-1 basis-36">
          <Field
            label="Folder name"
            field={fields.name}
            errors={fields.folderId.errors}
            maxLength={FOLDER_NAME_MAX}
            autoComplete="off"
          />
          <Errors id="delete-folder-error" messages={deleteErrors} />
        </div>
        <button type="submit" name="intent" value="rename-folder" className={buttonClass("secondary")}>
          Rename
        </button>
      </Form>
      {canManageAccess ? (
        <Link to={`/recordings/folders/${folder.id}/access`} className={buttonClass("ghost")}>
          Access{folder.restricted ? " (restricted)" : ""}
        </Link>
      ) : null}
      <Form method="post" id={deleteFormId}>
        <input type="hidden" name="folderId" value={folder.id} />
        <ConfirmSubmit
          form={deleteFormId}
          name="intent"
          value="delete-folder"
          label="Delete folder"
          title={`Delete the folder “${folder.name}”?`}
          description={
            folder.count
              ? `${countOf(folder.count, "recording")} in it will move back to “No folder”. No recording is deleted.`
              : "The folder is empty. No recording is deleted."
          }
          confirmLabel="Delete folder"
          variant="ghost"
          className="text-red-700"
        />
      </Form>
    </div>
  );
}

/** A recording's tags: each links to the list filtered by it and has its own remove button (a small form). */
export function TagChips({
  recordingId,
  recordingTitle,
  tags,
  linkTo,
  removable,
}: {
  recordingId: string;
  recordingTitle: string;
  tags: string[];
  linkTo: (tag: string) => string;
  removable: boolean;
}) {
  if (!tags.length) return null;
  return (
    <ul aria-label={`Tags of ${recordingTitle}`} className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag} className="inline-flex items-center rounded-full bg-slate-100 text-xs text-slate-800">
          <Link to={linkTo(tag)} className="rounded-l-full py-1 pr-1 pl-2.5 hover:underline">
            #{tag}
          </Link>
          <Form method="post" className="inline-flex" hidden={!removable}>
            <input type="hidden" name="recordingId" value={recordingId} />
            <input type="hidden" name="tag" value={tag} />
            <button
              type="submit"
              name="intent"
              value="remove-tag"
              aria-label={`Remove tag ${tag} from ${recordingTitle}`}
              className="rounded-r-full px-2 py-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
            >
              ×
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** The checkbox that puts a row in the bulk form. */
export function SelectRecording({
  id,
  title,
  checked,
  onChange,
}: {
  id: string;
  title: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      form={BULK_FORM_ID}
      aria-label={`Select ${title}`}
      className="size-5 shrink-0 accent-brand-600"
      {...(onChange ? { checked: Boolean(checked), onChange: (event) => onChange(event.target.checked) } : {})}
    />
  );
}

/**
 * The actions on the selected recordings: move to a folder, add a tag, download a ZIP of transcripts in the chosen
 * formats, delete (asks first). Without JavaScript it is the one form the row checkboxes belong to, a plain block
 * under the list that covers nothing. With JavaScript the page renders it only while something is selected, and then
 * it stays in view at the bottom of the screen, saying how many are selected.
 */
export function BulkActionBar({
  folders,
  errors,
  selectedCount,
  hydrated,
  onSubmit,
  may,
}: {
  /** What the reader's role allows: a viewer's bar has only the ZIP. */
  may: { edit: boolean; delete: boolean };
  folders: LibraryFolder[];
  errors: string[];
  selectedCount: number;
  hydrated: boolean;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
}) {
  return (
    <form
      id={BULK_FORM_ID}
      method="post"
      onSubmit={onSubmit}
      aria-label="Selected recordings"
      className={cn(
        "mt-4 space-y-3 rounded-xl border border-slate-200 bg-white p-4",
        hydrated && "sticky bottom-2 z-10 border-brand-200 shadow-lg",
      )}
    >
      <h2 className="text-base font-semibold">
        {hydrated ? `${countOf(selectedCount, "recording")} selected` : "With the selected recordings"}
      </h2>
      <Errors id="bulk-error" messages={errors} />
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3" hidden={!may.edit}>
        <div className="flex items-end gap-2">
          <div className="min-w-0">
            <label htmlFor="bulk-folder" className="block text-sm font-medium">
              Move to
            </label>
            <select id="bulk-folder" name="folderId" defaultValue={NO_FOLDER} className={cn(INPUT, "max-w-48")}>
              <option value={NO_FOLDER}>No folder</option>
              {folders.map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="move" className={buttonClass("secondary")}>
            Move
          </button>
        </div>
        <div className="flex items-end gap-2">
          <div className="min-w-0">
            <label htmlFor="bulk-tag" className="block text-sm font-medium">
              Tag to add
            </label>
            <input
              id="bulk-tag"
              name="tag"
              maxLength={TAG_NAME_MAX}
              autoComplete="off"
              className={cn(INPUT, "max-w-40")}
            />
          </div>
          <button type="submit" name="intent" value="add-tag" className={buttonClass("secondary")}>
            Add tag
          </button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <legend className="float-left mr-2 text-sm font-medium">Formats in the ZIP</legend>
          {EXPORT_FORMATS.map((format) => (
            <label key={format} className="inline-flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                name="format"
                value={format}
                defaultChecked={format === "txt"}
                className="size-4 accent-brand-600"
              />
              {EXPORT_LABELS[format]}
            </label>
          ))}
        </fieldset>
        <label className="inline-flex items-center gap-1.5 text-sm">
          <input type="checkbox" name="layout" value="legal" className="size-4 accent-brand-600" />
          Court-ready PDF and DOCX (numbered lines, caption, certificate)
        </label>
        <button type="submit" formAction="/recordings/export" className={buttonClass("secondary")}>
          Download ZIP
        </button>
        {may.delete ? (
          <ConfirmSubmit
            form={BULK_FORM_ID}
            name="intent"
            value="delete"
            label="Delete selected"
            title={hydrated ? `Delete ${countOf(selectedCount, "recording")}?` : "Delete the selected recordings?"}
            description="Their audio files and transcripts are removed for good. Minutes already used stay used."
            confirmLabel="Delete recordings"
            variant="ghost"
            className="text-red-700"
          />
        ) : null}
      </div>
    </form>
  );
}
