/**
 * Splitting a script into statements, for the baseline migration: the tokenizer and splitter as
 * they were when the baseline landed, so its files split the same way whatever changes later.
 * The schema dumps (../../sqlText.ts) read SQL with the same two; a change here shows in their test.
 */

export interface Token {
  kind: 'word' | 'ident' | 'string' | 'number' | 'dollar' | 'op' | 'punct';
  /** Normalized: lower-cased word, unquoted identifier when possible, literal as written. */
  text: string;
  /** For `dollar`: the quoted body (a function's source), between `$tag$` and `$tag$`. */
  body?: string;
  start: number;
  end: number;
}

/**
 * Kept quoted even when lower case: SQL's reserved words, and the words that shape a statement
 * here (BEGIN … END, CASE, IF …): as names they must be quoted anyway, and quoted they stay names.
 */
const RESERVED = new Set(
  (
    'all and any as begin case check collate column constraint create cross default delete distinct do else ' +
    'elsif end except for foreign from full group having if in inner insert intersect into join left limit ' +
    'loop not null on or order outer primary references referencing returning returns right select set ' +
    'table then union unique update user using values when where with'
  ).split(' '),
);
const OPS = ['::', '||', '<>', '!=', '<=', '>=', '->>', '->', '&&', '@>', '<@', ':=', '=>', '**'];
const PUNCT = new Set(['(', ')', ',', ';', '.', '[', ']']);

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    const start = i;
    if (/\s/.test(c)) {
      i++;
    } else if (text.startsWith('--', i)) {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol + 1;
    } else if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) throw new Error(`unterminated comment at ${i}`);
      i = close + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      i = quotedEnd(text, i, c);
      const raw = text.slice(start, i);
      if (c === "'") out.push({ kind: 'string', text: raw, start, end: i });
      else {
        const name = raw.slice(1, -1).replaceAll(c + c, c);
        out.push(
          /^[a-z_][a-z0-9_$]*$/.test(name) && !RESERVED.has(name)
            ? { kind: 'word', text: name, start, end: i }
            : { kind: 'ident', text: `"${name.replaceAll('"', '""')}"`, start, end: i },
        );
      }
    } else if (c === '$' && /[0-9]/.test(text[i + 1] ?? '')) {
      i++;
      while (i < n && /[0-9]/.test(text[i]!)) i++;
      out.push({ kind: 'word', text: text.slice(start, i), start, end: i });
    } else if (c === '$' && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(text.slice(i, i + 64))) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64))![0];
      const close = text.indexOf(tag, i + tag.length);
      if (close < 0) throw new Error(`unterminated ${tag} string at ${i}`);
      const body = text.slice(i + tag.length, close);
      i = close + tag.length;
      out.push({ kind: 'dollar', text: tag, body, start, end: i });
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const m = /^[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?|^[0-9]+\.?/.exec(text.slice(i))!;
      i += m[0].length;
      out.push({ kind: 'number', text: m[0], start, end: i });
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      while (i < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(text[i]!)) i++;
      out.push({ kind: 'word', text: text.slice(start, i).toLowerCase(), start, end: i });
    } else if (PUNCT.has(c)) {
      i++;
      out.push({ kind: 'punct', text: c, start, end: i });
    } else {
      const op = OPS.find((o) => text.startsWith(o, i)) ?? c;
      i += op.length;
      out.push({ kind: 'op', text: op, start, end: i });
    }
  }
  return out;
}

function quotedEnd(text: string, from: number, q: string): number {
  let i = from + 1;
  for (;;) {
    const close = text.indexOf(q, i);
    if (close < 0) throw new Error(`unterminated ${q} at ${from}`);
    if (text[close + 1] === q) i = close + 2;
    else return close + 1;
  }
}

/**
 * The statements of a script, each as written (from its first token to before its `;`, so
 * comments between statements are left out). A `;` inside a trigger's BEGIN … END, a function's
 * $$ body or parentheses does not end a statement.
 */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let first: Token | undefined;
  let depth = 0;
  let blocks = 0;
  let cases = 0;
  for (const t of tokenize(text)) {
    first ??= t;
    if (t.kind === 'punct' && t.text === '(') depth++;
    else if (t.kind === 'punct' && t.text === ')') depth--;
    else if (t.kind === 'word' && t.text === 'case') cases++;
    else if (t.kind === 'word' && t.text === 'begin') blocks++;
    else if (t.kind === 'word' && t.text === 'end') {
      if (cases > 0) cases--;
      else blocks--;
    } else if (t.kind === 'punct' && t.text === ';' && depth === 0 && blocks === 0) {
      if (t !== first) out.push(text.slice(first.start, t.start).trimEnd());
      first = undefined;
    }
  }
  if (first) out.push(text.slice(first.start).trimEnd());
  return out;
}
