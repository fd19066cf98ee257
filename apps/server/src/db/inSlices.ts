/** `ids in (…)` in slices, well under either database's limit on parameters. */
export const SLICE = 1000;

/** Runs `read` over `ids` a slice at a time and joins the answers. */
export async function inSlices<T>(ids: readonly number[], read: (slice: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += SLICE) out.push(...(await read(ids.slice(i, i + SLICE))));
  return out;
}
