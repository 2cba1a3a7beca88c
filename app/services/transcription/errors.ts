/** The engine cannot transcribe the language asked for. The message is written for the user. */
export class UnsupportedLanguageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedLanguageError";
  }
}

/** The engine is configured but cannot run (a model file is missing…). The message says how to fix it. */
export class EngineUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EngineUnavailableError";
  }
}
