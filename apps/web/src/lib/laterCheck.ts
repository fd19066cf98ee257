/**
 * A form's check fetched on the first change instead of with its page (the schema, zod and the
 * field messages are about 35 kB): until it is here the form checks nothing, and the server's 422
 * puts the same messages under the fields.
 */
export function laterCheck(load: () => Promise<(values: unknown) => Record<string, string>>) {
  let check: ((values: unknown) => Record<string, string>) | null = null;
  let asked = false;
  return {
    fetch() {
      if (asked) return;
      asked = true;
      load().then(
        (c) => (check = c),
        () => (asked = false),
      );
    },
    validate: (values: unknown): Record<string, string> => (check ? check(values) : {}),
  };
}
