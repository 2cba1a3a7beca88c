// The transcription queue's name, policy and enqueue calls, apart from the job itself: recordings queue and cancel
// transcriptions by the queue's name, and the job (modules/pipeline, above recordings in ADR 019) is never imported here.
import { cancelJob, enqueue } from "~/modules/platform/jobs.server";

export const TRANSCRIBE_QUEUE = "transcribe";
// A crashed worker is noticed by its stale heartbeat (recover-stalled-transcriptions), not by this expiry,
// which only bounds a job that hangs while its worker lives.
export const TRANSCRIBE_RETRIES = { retryLimit: 2, retryDelay: 5, expireInSeconds: 6 * 60 * 60 };

/** Queues a recording's transcription (one job per recording at a time). Returns the job id. */
export async function enqueueTranscription(recordingId: string): Promise<string> {
  return enqueue(TRANSCRIBE_QUEUE, { recordingId }, TRANSCRIBE_RETRIES);
}

export async function cancelTranscriptionJob(jobId: string) {
  await cancelJob(TRANSCRIBE_QUEUE, jobId);
}
