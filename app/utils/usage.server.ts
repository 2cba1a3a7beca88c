/**
 * Transcription minutes charged to the user this calendar month. Minutes are charged only when a transcript
 * succeeds, and transcription does not exist yet (issue 4), so until it lands nobody has used any.
 */
export async function minutesUsedThisMonth(_userId: string): Promise<number> {
  return 0;
}
