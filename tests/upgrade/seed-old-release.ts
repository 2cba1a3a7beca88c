// Run by tests/upgrade/upgrade.ts with the OLD release's code (its cwd is the old tree): a user with a password, a
// finished recording with its encrypted audio and transcript, and a share link. Prints what the new release checks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { connectDatabase, db, disconnectDatabase } from "~/modules/platform/database.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { configuredStorage } from "~/services/storage/index.server";

const [audio] = process.argv.slice(2);
await connectDatabase({ role: "cli" });
try {
  const email = "upgrade@example.com";
  const password = "an-upgrade-password-1";
  const user = await (
    await db()
  ).user.create({
    data: {
      email,
      firstName: "Up",
      lastName: "Grade",
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
      plan: "BUSINESS_PRO",
    },
  });
  const key = `recordings/${user.id}/upgrade.wav`;
  const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-upgrade-seed-")), "jfk.wav");
  fs.copyFileSync(audio, local);
  await configuredStorage().putFile(key, local);
  const recording = await (
    await db()
  ).recording.create({
    data: {
      userId: user.id,
      workspaceId: await personalWorkspaceId(user.id),
      title: "Made by the old release",
      fileName: "jfk.wav",
      storageKey: key,
      sizeBytes: fs.statSync(audio).size,
      mimeType: "audio/wav",
      durationSeconds: 11,
      language: "en",
      transcriptLanguage: "en",
      status: "COMPLETED",
      progress: 100,
      completedAt: new Date(),
      segments: {
        create: [
          { position: 0, start: 0, end: 4, text: "And so my fellow Americans" },
          { position: 1, start: 4, end: 11, text: "ask not what your country can do for you" },
        ],
      },
    },
  });
  const { token } = await createShareLink(user.id, recording.id, { expiry: "never" });
  console.log(JSON.stringify({ email, password, recordingId: recording.id, token }));
} finally {
  await disconnectDatabase();
}
