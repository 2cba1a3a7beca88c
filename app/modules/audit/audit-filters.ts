// The filters of a workspace's audit log: the page's GET form, its CSV and GET /api/v1/workspaces/{id}/audit-events
// read the same query parameters with this schema. Isomorphic: the page's form names its fields from it.
import { z } from "zod";
import { AUDIT_ACTION_NAMES, type AuditAction } from "./actions";

/** The largest sequence number the column holds (a 32-bit integer): a cursor past it is refused, not a 500. */
export const MAX_SEQ = 2_147_483_647;

/** An empty field of a GET form arrives as "": the same as leaving the parameter out. */
const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);

const day = (name: string) =>
  z.preprocess(
    blankAsMissing,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `Give the ${name} date as YYYY-MM-DD.`)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `The ${name} date is not a real date.`)
      .optional(),
  );

export const AuditFilterFields = {
  member: z.preprocess(
    blankAsMissing,
    z.string().max(100, "That member is not in this log.").optional().meta({
      description: "Only entries by this user id.",
    }),
  ),
  action: z.preprocess(
    blankAsMissing,
    z.enum(AUDIT_ACTION_NAMES, { error: "Choose an action from the list." }).optional().meta({
      description: "Only entries of this action.",
    }),
  ),
  from: day("start").meta({ description: "From this UTC day (YYYY-MM-DD), inclusive." }),
  to: day("end").meta({ description: "To this UTC day (YYYY-MM-DD), inclusive." }),
};

const fromNotAfterTo = (value: { from?: string; to?: string }) => !value.from || !value.to || value.from <= value.to;
const FROM_AFTER_TO = { message: "The start date must be on or before the end date.", path: ["to"] };

export const AuditFilterSchema = z.object(AuditFilterFields).refine(fromNotAfterTo, FROM_AFTER_TO);

/** The page's query: the filters and the cursor of the page shown (entries older than `before`). */
export const AuditPageQuerySchema = z
  .object({
    ...AuditFilterFields,
    before: z.preprocess(
      blankAsMissing,
      z.coerce
        .number({ error: "Not a page of this log." })
        .int("Not a page of this log.")
        .positive("Not a page of this log.")
        .max(MAX_SEQ, "Not a page of this log.")
        .optional(),
    ),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);

export type AuditFilterInput = z.infer<typeof AuditFilterSchema>;

export interface AuditFilter {
  actorId?: string | null;
  action?: AuditAction | null;
  /** Inclusive, from the start of this UTC day. */
  from?: Date | null;
  /** Inclusive, to the end of this UTC day. */
  to?: Date | null;
}

/** The parsed filters as the log's query takes them. */
export function auditFilter(input: AuditFilterInput): AuditFilter {
  return {
    actorId: input.member ?? null,
    action: input.action ?? null,
    from: input.from ? new Date(`${input.from}T00:00:00Z`) : null,
    to: input.to ? new Date(`${input.to}T00:00:00Z`) : null,
  };
}
