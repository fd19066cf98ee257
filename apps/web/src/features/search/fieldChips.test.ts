import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { field, option, regionTree } from '../metadata/testFixtures';
import { fieldChips } from './fieldChips';

const t = i18n.t.bind(i18n);
const region = field(1, { key: 'region', type: 'tree', label_en: 'Region', label_es: 'Región', vocabulary_id: 1 });
const campaign = field(2, { key: 'campaign', type: 'select', label_en: 'Campaign', label_es: 'Campaña' });
const campaigns = [option(10, 'Spring launch', { label_es: 'Lanzamiento de primavera' }), option(11, 'Summer sale')];

describe('fieldChips', () => {
  it('names each chosen option in the reader’s language, a tree one by its path', () => {
    const chips = fieldChips('region', { any: [3, 5] }, region, regionTree, 'es', t);
    expect(chips.map((c) => c.label)).toEqual(['Región: Region › Europa › España', 'Región: Region › Americas']);
    expect(fieldChips('campaign', { any: [10] }, campaign, campaigns, 'es', t)[0]!.label).toBe(
      'Campaña: Lanzamiento de primavera',
    );
    expect(fieldChips('campaign', { any: [10] }, campaign, campaigns, 'en', t)[0]!.label).toBe(
      'Campaign: Spring launch',
    );
  });

  it('removing one option’s chip keeps the others', () => {
    const [first, second] = fieldChips('campaign', { any: [10, 11] }, campaign, campaigns, 'en', t);
    expect(first!.next).toEqual({ any: [11] });
    expect(second!.next).toEqual({ any: [10] });
  });

  it('says how many are chosen until the options are known, and never shows an id', () => {
    const loading = fieldChips('campaign', { any: [10, 11] }, campaign, undefined, 'en', t);
    expect(loading).toEqual([{ key: 'mf:campaign', label: 'Campaign: 2 chosen', next: undefined }]);
    const unknown = fieldChips('campaign', { any: [99] }, campaign, campaigns, 'en', t);
    expect(unknown.map((c) => c.label)).toEqual(['Campaign: 1 chosen']);
  });

  it('keeps one chip for conditions without options', () => {
    const pages = field(3, { key: 'pages', type: 'number', label_en: 'Pages' });
    expect(fieldChips('pages', { missing: true }, pages, undefined, 'en', t).map((c) => c.label)).toEqual([
      `Pages: ${t('fieldSearch.missing')}`,
    ]);
  });
});
