import { describe, expect, it } from 'vitest';
import { zipOf } from '../reports.fixtures.js';
import { readMetaRows, sheetRows } from './reader.js';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook written by hand: sheets Assets and Meta, shared strings and styles as given. */
function book(assets: string, meta: string, strings: string[], styles: string) {
  const sheet = (rows: string) =>
    Buffer.from(`<?xml version="1.0"?><worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`);
  return zipOf([
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="Assets" sheetId="1" r:id="a"/>` +
          `<sheet name="Meta" sheetId="2" state="hidden" r:id="b"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="a" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="b" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/>` +
          `<Relationship Id="c" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` +
          `<Relationship Id="d" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst ${NS}>${strings.join('')}</sst>`) },
    { name: 'xl/styles.xml', data: Buffer.from(styles) },
    { name: 'xl/worksheets/sheet1.xml', data: sheet(assets) },
    { name: 'xl/worksheets/sheet2.xml', data: sheet(meta) },
  ]);
}

const STYLES =
  `<styleSheet ${NS}><numFmts count="1"><numFmt numFmtId="164" formatCode="&quot;day&quot; 0.00"/></numFmts>` +
  '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs></styleSheet>';

async function all(data: Buffer, batch?: number) {
  const out = [];
  for await (const b of sheetRows(data, { batch })) out.push(b);
  return out;
}

describe('the sheet reader', () => {
  it('reads every kind of cell as the text a spreadsheet shows', async () => {
    const strings = [
      '<si><t>plain &amp; simple</t></si>',
      '<si><r><rPr><b/></rPr><t>ri</t></r><r><t xml:space="preserve">ch </t></r><rPh><t>ふり</t></rPh></si>',
      "<si><t>'=1+1</t></si>",
    ];
    const rows =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="s"><v>2</v></c></row>' +
      // Rows without numbers follow the one before; cells without references the cell before.
      '<row><c t="inlineStr"><is><t>in&lt;line</t></is></c><c t="b"><v>1</v></c><c t="e"><v>#N/A</v></c>' +
      '<c t="str"><f>A1&amp;"x"</f><v>cached</v></c><c><f>1/0</f></c><c s="1"><v>45293</v></c>' +
      '<c s="2"><v>3.5</v></c><c s="1"><v>45293.5</v></c></row>' +
      '<x:row r="7" xmlns:x="urn:x"><x:c r="C7"><x:v>42</x:v></x:c></x:row><row r="8"/>';
    const file = await book(rows, '', strings, STYLES);
    const [batch] = await all(file);
    expect(batch).toEqual([
      { number: 1, cells: ['plain & simple', 'rich ', '', '=1+1'] },
      { number: 2, cells: ['in<line', 'true', '', 'cached', '', '2024-01-02', '3.5', '2024-01-02T12:00:00.000Z'] },
      { number: 7, cells: ['', '', '42'] },
      { number: 8, cells: [] },
    ]);
  });

  it('hands rows out a batch at a time across the entry’s chunks, and reads the Meta sheet alone', async () => {
    const rows = Array.from(
      { length: 2500 },
      (_, i) =>
        `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c><c r="B${i + 1}" t="inlineStr"><is><t>${'é'.repeat(40)}</t></is></c></row>`,
    ).join('');
    const meta = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>1</v></c></row>';
    const file = await book(rows, meta, ['<si><t>signature</t></si>'], STYLES);
    const batches = await all(file, 1000);
    expect(batches.map((b) => b.length)).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    expect(batches.flat().map((r) => r.cells[0])).toEqual(Array.from({ length: 2500 }, (_, i) => String(i)));
    expect(batches.flat().every((r) => r.cells[1] === 'é'.repeat(40))).toBe(true);
    expect(await readMetaRows(file)).toEqual([['signature', '1']]);
    // The Meta sheet comes from its own entry: rows that are not even XML in the main sheet do not matter.
    const broken = await book('<row r="1"><c r="A1" t="s"><v>9', meta, ['<si><t>signature</t></si>'], STYLES);
    expect(await readMetaRows(broken)).toEqual([['signature', '1']]);
  });
});
