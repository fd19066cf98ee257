/** Builds the web app when its sources are newer than the build (the server serves that build). */
export async function ensureWebBuild(): Promise<void> {
  // scripts/lib.mjs is plain JavaScript shared with `npm start`; a computed specifier keeps tsc out of it.
  const path = '../../scripts/lib.mjs';
  const lib = (await import(path)) as { buildWebIfStale: () => Promise<number> };
  if ((await lib.buildWebIfStale()) !== 0) throw new Error('the web build failed');
}
