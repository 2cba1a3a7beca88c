import { z } from "zod";
import { db } from "./database.server";
import { hashPassword, verifyPassword } from "./password.server";

export const LoginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "Email is required").pipe(z.email("Please enter a valid email address")),
  password: z.string().min(1, "Password is required"),
});

// Verifying against a real hash when the email is unknown keeps the response time the same either way.
let dummyHash: Promise<string> | undefined;

/** The user's id when the email and password match, else null. */
export async function verifyLogin(email: string, password: string): Promise<{ id: string } | null> {
  const user = await (await db()).user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  if (!user) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verifyPassword(await dummyHash, password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? { id: user.id } : null;
}
