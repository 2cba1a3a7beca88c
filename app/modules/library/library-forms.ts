// The library's forms (/recordings): folders, tags and the bulk actions, one schema each, parsed by the action and
// the export route (ADR 011). Isomorphic: the page imports the limits for its inputs.
import { z } from "zod";
import { singleLineName } from "~/utils/text";
import { EXPORT_FORMATS } from "~/services/export/types";
import { EXPORT_LAYOUTS, isLegalFormat } from "~/services/export/legal-types";
import { legalQueryFields } from "~/modules/transcripts/legal-forms";

export const FOLDER_NAME_MAX = 60;
export const TAG_NAME_MAX = 40;
/** The most recordings one bulk action takes: more than a page (20), fewer than would make one request slow. */
export const BULK_MAX = 100;
export const FOLDERS_MAX = 100;
/** The folder filter's value for recordings in no folder. */
export const NO_FOLDER = "none";

const FOLDER_NAME_REQUIRED = "Give the folder a name.";
export const FolderNameSchema = singleLineName({
  noun: "Folder names",
  required: FOLDER_NAME_REQUIRED,
  max: FOLDER_NAME_MAX,
  tooLong: `Folder names can be at most ${FOLDER_NAME_MAX} characters.`,
});

const TAG_REQUIRED = "Type a tag to add.";
export const TagNameSchema = singleLineName({
  noun: "Tags",
  required: TAG_REQUIRED,
  max: TAG_NAME_MAX,
  tooLong: `Tags can be at most ${TAG_NAME_MAX} characters.`,
}).refine((tag) => /^[^,#]+$/.test(tag), "Tags cannot contain commas or #.");

const CHOOSE_FOLDER = "Choose a folder.";
const FolderIdSchema = z.string({ error: CHOOSE_FOLDER }).min(1, CHOOSE_FOLDER).max(64, CHOOSE_FOLDER);

const SELECT_RECORDINGS = "Select at least one recording.";
export const SelectedIdsSchema = z
  .array(z.string().min(1).max(64, "Check the selection."), { error: SELECT_RECORDINGS })
  .min(1, SELECT_RECORDINGS)
  .max(BULK_MAX, `Select at most ${BULK_MAX} recordings at a time.`)
  .transform((ids) => [...new Set(ids)]);

/** The folder forms, which the page also checks in the browser (their names are typed). */
export const CreateFolderSchema = z.object({ intent: z.literal("create-folder"), name: FolderNameSchema });
export const RenameFolderSchema = z.object({
  intent: z.literal("rename-folder"),
  folderId: FolderIdSchema,
  name: FolderNameSchema,
});

export const LibraryActionSchema = z.discriminatedUnion("intent", [
  CreateFolderSchema,
  RenameFolderSchema,
  z.object({ intent: z.literal("delete-folder"), folderId: FolderIdSchema }),
  // "none" moves them out of every folder.
  z.object({ intent: z.literal("move"), ids: SelectedIdsSchema, folderId: FolderIdSchema }),
  z.object({ intent: z.literal("add-tag"), ids: SelectedIdsSchema, tag: TagNameSchema }),
  z.object({
    intent: z.literal("remove-tag"),
    recordingId: z.string({ error: "Check the form." }).min(1).max(64),
    tag: TagNameSchema,
  }),
  z.object({ intent: z.literal("delete"), ids: SelectedIdsSchema }),
]);
export type LibraryAction = z.infer<typeof LibraryActionSchema>;

const CHOOSE_FORMAT = "Choose at least one format for the ZIP.";
export const LEGAL_NEEDS_PDF_OR_DOCX =
  "The court-ready layout is for PDF and Word files: choose PDF or DOCX among the formats too.";

export const BulkExportSchema = z
  .object({
    ids: SelectedIdsSchema,
    format: z
      .array(z.enum(EXPORT_FORMATS, { error: `Choose formats from: ${EXPORT_FORMATS.join(", ")}.` }), {
        error: CHOOSE_FORMAT,
      })
      .min(1, CHOOSE_FORMAT)
      .transform((formats) => [...new Set(formats)]),
    // The court-ready layout for the PDF and DOCX files (ADR 046): a checkbox, so absent means standard.
    layout: z.enum(EXPORT_LAYOUTS, { error: "layout is standard or legal." }).default("standard"),
    ...legalQueryFields,
  })
  .refine((value) => value.layout !== "legal" || value.format.some(isLegalFormat), {
    message: LEGAL_NEEDS_PDF_OR_DOCX,
    path: ["layout"],
  });

/** A folder's Access form (ADR 034-workspace): restricted or not, and the members the wall names (checkboxes). */
export const FolderAccessFormSchema = z.object({
  restricted: z.boolean().optional().default(false),
  memberIds: z
    .array(z.string().min(1).max(64, "Check the list of members."))
    .max(500, "Name at most 500 members.")
    .optional()
    .default([]),
});
