/**
 * A response body validated against its schema and serialised once, then sent as it is (the
 * search keeps these for answers many callers share). `T` is the shape it was validated as.
 */
export class JsonText<T> {
  declare readonly shape?: T;
  constructor(readonly text: string) {}

  /** The body as the client reads it. */
  value(): T {
    return JSON.parse(this.text) as T;
  }
}
