/**
 * Content sniffing for what file-type cannot recognise: text formats. The question is not "what is
 * this" but "could a browser or a server treat this as markup or code", so the HTML patterns are
 * the ones a browser's own sniffer acts on (WHATWG MIME Sniffing, "identifying a resource with an
 * unknown MIME type").
 */

export type SniffResult = 'empty' | 'binary' | 'php' | 'html' | 'svg' | 'xml' | 'text';

/** How much of the file the sniffers look at. Browsers sniff 1445 bytes; a margin costs nothing. */
export const SNIFF_BYTES = 8192;

const HTML_TAGS = [
  '!doctype html',
  'html',
  'head',
  'script',
  'iframe',
  'h1',
  'div',
  'font',
  'table',
  'a',
  'style',
  'title',
  'b',
  'body',
  'br',
  'p',
  '!--',
];

function decode(head: Uint8Array): string {
  let s = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('utf8');
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  return s;
}

function hasNul(head: Uint8Array): boolean {
  // UTF-16 text has NULs too; it is rare enough in uploads that treating it as binary is fine.
  return head.includes(0);
}

/** Skips whitespace, an XML declaration, comments, processing instructions and a doctype. */
function firstElement(text: string): string | undefined {
  let s = text;
  for (;;) {
    s = s.trimStart();
    if (s.startsWith('<?xml') || (s.startsWith('<?') && !/^<\?php/i.test(s))) {
      const end = s.indexOf('?>');
      if (end < 0) return undefined;
      s = s.slice(end + 2);
    } else if (s.startsWith('<!--')) {
      const end = s.indexOf('-->');
      if (end < 0) return undefined;
      s = s.slice(end + 3);
    } else if (/^<!doctype/i.test(s)) {
      // Internal subsets ("[ <!ENTITY ...> ]") end with "]>", plain doctypes with ">".
      const bracket = s.indexOf('[');
      const close = s.indexOf('>');
      const end = bracket >= 0 && bracket < close ? s.indexOf(']>', bracket) + 1 : close;
      if (end <= 0) return undefined;
      s = s.slice(end + 1);
    } else {
      const m = /^<([A-Za-z_][\w.:-]*)/.exec(s);
      return m?.[1]?.toLowerCase();
    }
  }
}

/** True when a browser's sniffer would render these bytes as HTML. */
export function looksLikeHtml(text: string): boolean {
  const s = text.trimStart().toLowerCase();
  return HTML_TAGS.some((tag) => {
    if (!s.startsWith(`<${tag}`)) return false;
    const next = s.charAt(tag.length + 1);
    // The pattern must end the tag name: "<b" matches "<b>" and "<b " but not "<br" (listed itself) or "<bogus".
    return (
      next === '' || next === ' ' || next === '>' || next === '\t' || next === '\n' || next === '\r' || next === '\f'
    );
  });
}

/** A PHP open tag anywhere in the head: a server set up to run PHP would run it whatever the name. */
export function looksLikePhp(text: string): boolean {
  return /<\?php|<\?=/i.test(text);
}

export function sniffText(head: Uint8Array): SniffResult {
  if (head.byteLength === 0) return 'empty';
  if (hasNul(head)) return 'binary';
  const text = decode(head);
  if (looksLikePhp(text)) return 'php';
  const root = firstElement(text);
  // Before the HTML patterns: SVG editors often start the file with a comment, which is one of them.
  if (root === 'svg' || root?.endsWith(':svg')) return 'svg';
  if (looksLikeHtml(text) || root === 'html' || root?.endsWith(':html')) return 'html';
  if (root !== undefined) return 'xml';
  return 'text';
}
