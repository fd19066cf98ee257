/** Thrown by a handler when retrying cannot help (bad input, missing object): fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
