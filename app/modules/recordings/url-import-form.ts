// The dashboard's "import from a URL" form, checked with the same schema in the browser and on the server (ADR 011).
import { z } from "zod";

const URL_REQUIRED = "Enter the address of an audio file.";
export const UrlImportSchema = z.object({
  url: z
    .string({ error: URL_REQUIRED })
    .trim()
    .min(1, URL_REQUIRED)
    .max(2000, "Addresses can be at most 2000 characters.")
    .regex(/^https?:\/\//i, "Enter a full address starting with https:// or http://."),
});
