/**
 * A model package that is missing or fails to load (issue 42 §6): reported once, then every call
 * for that model answers this at once, so its analysis is skipped and the rest goes on.
 */
export class ModelUnavailable extends Error {
  constructor(
    readonly model: ModelName,
    readonly reason: string,
  ) {
    super(`${model} model is unavailable: ${reason}`);
    this.name = 'ModelUnavailable';
  }
}

/** A model run that failed for this file (corrupt input, too slow): the analysis records the reason. */
export class ModelRunError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ModelRunError';
  }
}

export type ModelName = 'ocr' | 'human';

/** The analysis thread ends after this long without a request, giving every model's memory back. */
export const MODEL_IDLE_MS = 5 * 60_000;
