/**
 * SQL text as tokens, for the schema dumps (schemaDump.ts) and the baseline migration: splitting a
 * file into statements, and one normalized, readable layout of a statement whatever its source
 * (SQLite keeps each CREATE as it was written, PostgreSQL each function body).
 *
 * Normalized: comments and whitespace go, words are lower-cased, and a quoted identifier that
 * needs no quotes loses them ("users" is users, "end" stays). None of that changes what the SQL
 * means, so two texts that normalize alike define the same thing, however they were written or
 * generated. String literals and quoted identifiers that need their quotes ("C") are kept as
 * they are.
 */

// The tokenizer and splitter are the baseline migration's (frozen in migrations/support, where a
// migration may import them); the dumps lay out what they read.
import { splitStatements, tokenize } from './migrations/support/splitStatements.js';
import type { Token } from './migrations/support/splitStatements.js';

export { splitStatements, tokenize };
export type { Token };

/** Words after which `(` is spaced (a keyword, not a function's or type's name). */
const SPACED = new Set(
  (
    'all and any as between by check conflict default distinct else exists filter from in include is join ' +
    'key lateral not of on or over references returning select set table then union unique using values ' +
    'when where with materialized into'
  ).split(' '),
);
/** Words after which the next word names a table, whose column list is spaced: `into t (a, b)`. */
const NAMES_TABLE = new Set(['table', 'into', 'references', 'on', 'using', 'view', 'exists']);
/** Before these (see breakBefore), a statement continues on a new line. */
const CLAUSES = new Set(['where', 'having', 'limit', 'returning', 'referencing', 'values', 'returns']);
const JOINS = new Set(['cross', 'left', 'inner', 'right', 'full']);
/** Words that start a query, as in `with x as (select …)`. */
const QUERIES = new Set(['select', 'insert', 'update', 'delete', 'with', 'values']);

/** One statement, normalized and laid out on lines (see the top of the file). No final `;`. */
export function formatStatement(text: string): string {
  return new Layout(tokenize(text)).run();
}

/** A fragment (a type, a default, a constraint) normalized on one line. */
export function formatInline(text: string): string {
  const toks = tokenize(text);
  let out = '';
  toks.forEach((t, i) => {
    if (i > 0 && spaced(toks, i)) out += ' ';
    out += t.kind === 'dollar' ? `${t.text}${t.body}${t.text}` : t.text;
  });
  return out;
}

/** Whether a space goes between token i - 1 and token i. */
function spaced(toks: Token[], i: number): boolean {
  const a = toks[i - 1]!;
  const b = toks[i]!;
  if (b.kind === 'punct' && [',', ';', ')', ']', '.'].includes(b.text)) return false;
  if (a.kind === 'punct' && ['(', '[', '.'].includes(a.text)) return false;
  if (a.text === '::' || b.text === '::') return false;
  if (b.kind === 'punct' && b.text === '[') return a.kind !== 'word' && a.kind !== 'ident' && a.text !== ')';
  if (a.kind === 'op' && (a.text === '-' || a.text === '+') && unary(toks, i - 1)) return false;
  if (b.kind === 'punct' && b.text === '(') {
    if (a.kind !== 'word' && a.kind !== 'ident') return true;
    if (SPACED.has(a.text)) return true;
    const before = toks[i - 2];
    return !!before && before.kind === 'word' && NAMES_TABLE.has(before.text);
  }
  return true;
}

function unary(toks: Token[], i: number): boolean {
  const p = toks[i - 1];
  if (!p) return true;
  if (p.kind === 'op') return true;
  if (p.kind === 'punct') return p.text === '(' || p.text === ',';
  return (
    p.kind === 'word' &&
    ['select', 'then', 'else', 'when', 'return', 'and', 'or', 'not', 'default', 'by'].includes(p.text)
  );
}

/**
 * Lines: a statement starts at its block's indent (a trigger's or function's BEGIN, an IF's THEN
 * open a block), its clauses (FROM, WHERE, ON CONFLICT, …) continue one step in; a table's
 * columns and a WITH query's parts go one a line. Inside other parentheses (calls, subqueries)
 * only UNION breaks a line.
 */
class Layout {
  private lines: string[] = [];
  private line = '';
  private block = 0;
  private cases = 0;
  /** One per open parenthesis: a table's column list, a WITH query's body, or anything else. */
  private parens: ('list' | 'query' | 'inline')[] = [];
  /** The kind of parenthesis the previous token closed. */
  private closed: string | undefined;
  private ifOpen = false;
  private statementStart = true;
  /** The first word of the statement being laid out. */
  private statement = '';
  /** The depth of an UPDATE's SET list (its assignments go one a line), or -1. */
  private setDepth = -1;
  /** In a trigger's WHEN condition (its ORs go one a line). */
  private inWhen = false;

  constructor(private toks: Token[]) {}

  run(): string {
    const toks = this.toks;
    const isTable = toks[0]?.text === 'create' && toks.slice(1, 4).some((t) => t.text === 'table');
    let listOpened = false;
    toks.forEach((t, i) => {
      const w = t.kind === 'word' ? t.text : '';
      const p = t.kind === 'punct' ? t.text : '';
      const next = toks[i + 1];
      const closed = this.closed;
      this.closed = undefined;

      if (w === 'end' && this.cases > 0) this.cases--;
      else if (w === 'end' || w === 'elsif' || (w === 'else' && this.cases === 0)) {
        this.block--;
        this.newLine(0);
      } else if (p === ')') {
        const kind = this.parens.pop();
        if (this.setDepth > this.parens.length) this.setDepth = -1;
        if (kind !== 'inline') this.newLine(0);
        this.emit(t, i);
        this.closed = kind;
        return;
      } else {
        const level = this.breakBefore(i, closed);
        if (level >= 0) this.newLine(level);
      }

      if (['from', 'where', 'returning'].includes(w) && this.setDepth === this.parens.length) this.setDepth = -1;
      if (w === 'if' && this.statementStart) this.ifOpen = true;
      if (w === 'case') this.cases++;
      this.emit(t, i);

      if (p === '(') {
        const before = toks[i - 1]?.text ?? '';
        const kind =
          isTable && !listOpened && this.parens.length === 0
            ? 'list'
            : (before === 'as' || before === 'materialized') && QUERIES.has(next?.text ?? '')
              ? 'query'
              : 'inline';
        if (kind === 'list') listOpened = true;
        this.parens.push(kind);
        if (kind !== 'inline') this.newLine(0);
        if (kind === 'query') this.statementStart = true;
      } else if (p === ',') {
        if (this.parens.at(-1) === 'list' || closed === 'query') this.newLine(0);
        else if (this.setDepth === this.parens.length) this.newLine(2);
      } else if (w === 'begin' || (w === 'else' && this.cases === 0) || (w === 'then' && this.ifOpen)) {
        this.ifOpen = false;
        this.inWhen = false;
        this.block++;
        this.startStatement();
      } else if (w === 'elsif') this.ifOpen = true;
      else if (w === 'loop' && next?.text !== ';') {
        this.block++;
        this.startStatement();
      } else if (p === ';' && next) {
        this.inWhen = false;
        this.startStatement();
      } else if (w === 'set' && (this.statement === 'update' || toks[i - 1]?.text === 'update'))
        this.setDepth = this.parens.length;
      else if (w === 'when' && this.cases === 0 && this.parens.length === 0) this.inWhen = true;
    });
    this.flush();
    return this.lines.join('\n');
  }

  /** How far in a line break before token i goes (see newLine), or -1 for none. */
  private breakBefore(i: number, closed: string | undefined): number {
    const t = this.toks[i]!;
    if (t.kind !== 'word' || this.atLineStart()) return -1;
    const p = this.toks[i - 1]?.text ?? '';
    const next = this.toks[i + 1]?.text ?? '';
    if (closed === 'query' && QUERIES.has(t.text)) return 0;
    if (t.text === 'union' || t.text === 'except' || t.text === 'intersect') return 1;
    if (t.text === 'or' && this.inWhen && this.parens.length === 0) return 2;
    if (t.text === 'begin' && this.inWhen) return 0;
    if (this.parens.length > 0 && this.parens.at(-1) !== 'query') return -1;
    switch (t.text) {
      case 'select':
        return ['(', 'all', 'union', 'except', 'intersect'].includes(p) ? -1 : 1;
      case 'from':
        return p === 'distinct' || p === 'delete' ? -1 : 1;
      case 'group':
      case 'order':
        return next === 'by' ? 1 : -1;
      case 'on':
        return next === 'conflict' ? 1 : -1;
      case 'for':
        return next === 'each' ? 1 : -1;
      case 'when':
        return this.cases === 0 ? 1 : -1;
      case 'set':
        return this.statement === 'update' && p !== 'update' ? 1 : -1;
      case 'join':
        return JOINS.has(p) || p === 'outer' ? -1 : 1;
      default:
        if (JOINS.has(t.text)) return next === 'join' || next === 'outer' ? 1 : -1;
        return CLAUSES.has(t.text) ? 1 : -1;
    }
  }

  private emit(t: Token, i: number) {
    if (t.kind === 'word' && this.statementStart) {
      this.statement = t.text;
      this.statementStart = false;
    }
    if (!this.atLineStart() && spaced(this.toks, i)) this.line += ' ';
    if (t.kind !== 'dollar') {
      this.line += t.text;
      return;
    }
    // A function's body: laid out on its own lines, one step in.
    const body = formatStatement(t.body!);
    const pad = ' '.repeat(this.indent(1));
    this.line += t.text;
    this.flush();
    for (const l of body.split('\n')) this.lines.push(l ? pad + l : '');
    this.line = ' '.repeat(this.indent(0)) + t.text;
  }

  private startStatement() {
    this.newLine(0);
    this.statementStart = true;
    this.setDepth = -1;
  }

  private atLineStart() {
    return this.line.trim() === '';
  }

  private indent(level: number) {
    return Math.max(0, 2 * (this.block + this.parens.length + level));
  }

  /** Level 0: where a statement starts (in its block and parentheses); 1: a clause; 2: deeper. */
  private newLine(level: number) {
    this.flush();
    this.line = ' '.repeat(this.indent(level));
  }

  private flush() {
    if (this.line.trim() !== '') this.lines.push(this.line.trimEnd());
    this.line = '';
  }
}
