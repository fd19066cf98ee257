// `en.json?first`: the sections of en.json listed in firstSections.ts (vite.config.ts cuts them).
declare module '*.json?first' {
  const texts: Record<string, unknown>;
  export default texts;
}
