// Set by a sign-in, read once by the brand chooser: only a session's first stop skips a lone brand's
// chooser, so "Change brand" and the logo still show it.
let fresh = false;

/** A sign-in just happened: its next stop is the brand chooser, which may open the only brand. */
export function markFreshSignIn() {
  fresh = true;
}

/** Whether the chooser is a sign-in's first stop; forgotten once read. */
export function takeFreshSignIn(): boolean {
  const was = fresh;
  fresh = false;
  return was;
}
