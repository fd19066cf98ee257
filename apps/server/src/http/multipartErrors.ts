/**
 * @fastify/busboy reports a malformed body (no or overlong boundary, a boundary that never comes,
 * a body cut off in a part or its headers) as plain Errors with these messages and no status;
 * they are the client's mistake, so the error handler answers them as invalid data, not 500.
 */
const MALFORMED = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^The needle cannot (be an empty|have a length bigger than)/,
];

export const isMalformedMultipart = (err: unknown): boolean =>
  err instanceof Error &&
  (err as { statusCode?: unknown }).statusCode === undefined &&
  MALFORMED.some((re) => re.test(err.message));
