// npm run admin:create -- --email admin@example.com [--password …]
// Creates a support admin, or sets a new password for an existing one. Prompts for the password when not given.
import { parseArgs } from "node:util";
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { upsertAdmin } from "~/modules/accounts/admin-session.server";
import { runCli } from "./cli";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });

const AdminSchema = z.object({
  email: z.email("Give a valid --email"),
  password: z.string().min(12, "The password must be at least 12 characters"),
});

async function promptPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new Error("Give --password, or run in a terminal to be asked for it.");
  const readline = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed.
  const output = readline as unknown as { _writeToOutput: (text: string) => void };
  const question = readline.question("Password: ");
  output._writeToOutput = () => {};
  const answer = await question;
  readline.close();
  process.stdout.write("\n");
  return answer;
}

let password = values.password;
if (!password && values.email) {
  try {
    password = await promptPassword();
  } catch (error) {
    console.error(`Error: ${(error as Error).message}`);
    process.exit(1);
  }
}
const parsed = AdminSchema.safeParse({ email: values.email, password });
if (!parsed.success) {
  console.error(`Error: ${parsed.error.issues[0]?.message}`);
  console.error("Usage: npm run admin:create -- --email admin@example.com [--password <at least 12 characters>]");
  process.exit(1);
}

await runCli(async () => {
  const admin = await upsertAdmin(parsed.data.email, parsed.data.password);
  console.info(`Admin ${admin.email} is ready. Sign in at /admin/login.`);
});
