import { describe, expect, it } from 'vitest';
import { contrast, wcagLevel } from './colour';
import { nodesToText, textToNodes } from './richText';

describe('guidelines rich text', () => {
  it('turns headings, lists, emphasis and links into nodes and back, never into markup', () => {
    const source =
      '## Clear space\n\nKeep **one logo height** around it, see [the rules](https://example.com).\n\n- Never stretch\n- Never *recolour*';
    const nodes = textToNodes(source);
    expect(nodes.map((n) => n.type)).toEqual(['heading', 'paragraph', 'list']);
    expect(nodes[1]).toMatchObject({
      spans: [
        { text: 'Keep ' },
        { text: 'one logo height', bold: true },
        { text: ' around it, see ' },
        { text: 'the rules', href: 'https://example.com' },
        { text: '.' },
      ],
    });
    expect(textToNodes(nodesToText(nodes))).toEqual(nodes);
    expect(textToNodes('<b>hi</b>')).toEqual([{ type: 'paragraph', spans: [{ text: '<b>hi</b>' }] }]);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(wcagLevel(contrast('#D81E05', '#FFFFFF'))).toBe('AA');
    expect(wcagLevel(contrast('#FFFF00', '#FFFFFF'))).toBe('fail');
  });
});
