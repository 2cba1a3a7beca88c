import { ServiceError } from "../errors";

/** A transcription failure: the engine, its API or the audio decoder failed. */
export class TranscriptionError extends ServiceError {}

/** The engine cannot transcribe the language asked for. The message is written for the user. */
export class UnsupportedLanguageError extends TranscriptionError {
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedLanguageError";
  }
}

/** The engine is configured but cannot run (a model file is missing…). The message says how to fix it. */
export class EngineUnavailableError extends TranscriptionError {
  constructor(message: string) {
    super(message);
    this.name = "EngineUnavailableError";
  }
}
