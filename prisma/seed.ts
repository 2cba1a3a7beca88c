// npm run db:seed: a demo account for trying the app locally (demo@voxlate.local / demo-password).
import { db } from "~/modules/platform/database.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { runCli } from "../scripts/cli";

await runCli(async () => {
  const email = "demo@voxlate.local";
  await (
    await db()
  ).user.upsert({
    where: { email },
    create: {
      email,
      firstName: "Demo",
      lastName: "User",
      industry: "Technology & Software",
      passwordHash: await hashPassword("demo-password"),
      emailVerifiedAt: new Date(),
    },
    update: {},
  });
  console.info(`Seeded ${email} (password: demo-password)`);
});
