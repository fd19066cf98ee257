import { TREE_PATH_SEPARATOR } from '@brandvault/contract';

/** Columns a tab stands for when measuring an indented line. */
const TAB = 4;

const indentOf = (line: string) => {
  let n = 0;
  for (const ch of line) {
    if (ch === ' ') n += 1;
    else if (ch === '\t') n += TAB;
    else break;
  }
  return n;
};

/**
 * Pasted option text as paths of labels, in the order given, each path once. In a list every
 * non-blank line is one label. In a tree a line is a path (`Region › Europe › Spain`) or an
 * indented label under the nearest less-indented line above it (and both may mix: an indented
 * path continues its parent's).
 */
export function parseOptionText(text: string, tree: boolean): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  const stack: { indent: number; path: string[] }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+$/, '');
    if (!line.trim()) continue;
    let path: string[];
    if (!tree) path = [line.trim()];
    else {
      const indent = indentOf(line);
      while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
      const parts = line
        .trim()
        .split(TREE_PATH_SEPARATOR)
        .map((p) => p.trim())
        .filter(Boolean);
      path = [...(stack[stack.length - 1]?.path ?? []), ...parts];
      stack.push({ indent, path });
    }
    // Every ancestor counts too, so `A › B` alone adds A and B.
    for (let i = 1; i <= path.length; i += 1) {
      const prefix = path.slice(0, i);
      const key = prefix.map((p) => p.toLowerCase()).join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(prefix);
    }
  }
  return out;
}
