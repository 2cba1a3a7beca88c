// The user's glossary, stored on the user; each transcription copies it onto its recording (ADR 025).
import { db } from "~/modules/platform/database.server";

export async function userGlossary(userId: string): Promise<string[]> {
  const user = await (await db()).user.findUnique({ where: { id: userId }, select: { glossary: true } });
  return user?.glossary ?? [];
}

export async function saveGlossary(userId: string, terms: string[]): Promise<void> {
  await (await db()).user.update({ where: { id: userId }, data: { glossary: terms } });
}
