import { describe, expect, test } from "vitest";
import { ChatAssistantError } from "./chat-assistant/answer-writer";
import { MailError } from "./email/transport";
import { ServiceError } from "./errors";
import { PaymentError, WebhookSignatureError } from "./payments/payments";
import { CommandTimeoutError, ProgramNotInstalledError } from "./process.server";
import { StorageError } from "./storage/storage";
import { SummaryError } from "./summary/summariser";
import { UnsupportedMediaError } from "./transcription/audio.server";
import { EngineUnavailableError, TranscriptionError, UnsupportedLanguageError } from "./transcription/errors";
import { TranscriptionApiError } from "./transcription/openai.server";
import { TranslationError } from "./translation/errors";

describe("ServiceError", () => {
  test("every family's error is a ServiceError, keeps its own class and name, and its message", () => {
    const errors = [
      new TranslationError("DeepL refused the API key", 403),
      new SummaryError("The summary model failed"),
      new TranscriptionError("ffmpeg could not decode x.mp3"),
      new UnsupportedLanguageError("English only"),
      new EngineUnavailableError("The model is missing"),
      new UnsupportedMediaError("This file is empty.", "empty"),
      new TranscriptionApiError(429, "slow down"),
      new StorageError("Storage key escapes the storage root: ../x"),
      new ChatAssistantError("The chat model sent an empty answer."),
      new MailError("connect ECONNREFUSED 127.0.0.1:25"),
      new CommandTimeoutError("ffmpeg", 30_000),
      new ProgramNotInstalledError("apertium is not installed."),
      new PaymentError("Stripe could not create the checkout.", 402),
      new WebhookSignatureError("The Stripe-Signature header is missing."),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(error.constructor.name);
    }
    expect(errors.map((error) => error.message)).toContain("ffmpeg did not finish within 30 s and was stopped.");
    expect(errors.map((error) => error.message)).toContain("The transcription API answered 429: slow down");
    expect(errors[0].status).toBe(403);
    expect(errors[6].status).toBe(429);
    expect(errors[3]).toBeInstanceOf(TranscriptionError);
    expect(errors[5]).toMatchObject({ reason: "empty" });
  });
});
