/** The form most recently submitted: a server's field errors arrive after the submit event. */
let lastForm: HTMLFormElement | null = null;

/**
 * Moves focus to the first field marked invalid in `scope` (the last submitted form by
 * default), once React has drawn the errors, so a keyboard or screen-reader user lands on
 * what needs fixing. Focus already inside an invalid field stays where it is.
 */
export function focusFirstError(scope: ParentNode | null = lastForm) {
  const run = () => {
    const root = scope && (!(scope instanceof Node) || scope.isConnected) ? scope : document;
    const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid || invalid.contains(document.activeElement)) return;
    invalid.focus();
  };
  // Two frames: the first lets React commit the errors, the second lets Mantine mark the inputs.
  requestAnimationFrame(() => requestAnimationFrame(run));
}

/** Every form of the app: after a submit that the browser-side check refused, focus the first error. */
export function installFocusFirstError(doc: Document = document) {
  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    lastForm = event.target;
    focusFirstError(event.target);
  };
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}
