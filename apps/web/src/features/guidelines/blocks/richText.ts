import type { RichNode } from '@brandvault/contract';

type Span = { text: string; bold?: boolean; italic?: boolean; href?: string };

/** `**bold**`, `*italic*` and `[words](https://…)` within a line, as spans; anything else is plain text. */
function spansOf(line: string): Span[] {
  const out: Span[] = [];
  const re = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m.index > at) out.push({ text: line.slice(at, m.index) });
    if (m[1]) out.push({ text: m[1], bold: true });
    else if (m[2]) out.push({ text: m[2], italic: true });
    else out.push({ text: m[3]!, href: m[4]! });
    at = m.index + m[0].length;
  }
  if (at < line.length) out.push({ text: line.slice(at) });
  return out.length ? out : [{ text: line }];
}

/**
 * The editor's plain-text writing turned into structured nodes: a blank line ends a paragraph,
 * `## ` and `### ` start headings, `- ` and `1. ` list items. Nothing in it is ever HTML.
 */
export function textToNodes(source: string): RichNode[] {
  const nodes: RichNode[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) nodes.push({ type: 'paragraph', spans: spansOf(para.join(' ')) });
    para = [];
  };
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    const item = /^(-|\d+\.)\s+(.+)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      nodes.push({ type: 'heading', level: heading[1]!.length as 2 | 3, spans: spansOf(heading[2]!) });
    } else if (item) {
      flush();
      const ordered = item[1] !== '-';
      const last = nodes[nodes.length - 1];
      if (last?.type === 'list' && last.ordered === ordered) last.items.push(spansOf(item[2]!));
      else nodes.push({ type: 'list', ordered, items: [spansOf(item[2]!)] });
    } else para.push(line);
  }
  flush();
  return nodes;
}

const spanText = (s: Span) =>
  s.href ? `[${s.text}](${s.href})` : s.bold ? `**${s.text}**` : s.italic ? `*${s.text}*` : s.text;

/** The nodes back as the editor's writing (textToNodes of it gives the same nodes). */
export function nodesToText(nodes: RichNode[]): string {
  return nodes
    .map((n) => {
      if (n.type === 'heading') return `${'#'.repeat(n.level)} ${n.spans.map(spanText).join('')}`;
      if (n.type === 'list')
        return n.items.map((i, k) => `${n.ordered ? `${k + 1}.` : '-'} ${i.map(spanText).join('')}`).join('\n');
      return n.spans.map(spanText).join('');
    })
    .join('\n\n');
}
