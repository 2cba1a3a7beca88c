// The recording forms' rules, in one isomorphic module: the server parses with them, and the page checks with the same
// schemas in the browser (ADR 011).
import { z } from "zod";

const TITLE_REQUIRED = "Give the recording a name.";
export const TitleSchema = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(200, "Names can be at most 200 characters.");
