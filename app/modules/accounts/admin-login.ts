import { z } from "zod";

/** The support console's sign-in (spec section 2): the form and POST /api/admin/login share it. */
export const AdminLoginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(320),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1000),
});
