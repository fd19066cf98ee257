import type { MetadataField, Vocabulary, VocabularyOption } from '@brandvault/contract';

/** A brand field as the server answers it. */
export const field = (id: number, over: Partial<MetadataField> = {}): MetadataField => ({
  id,
  brand_id: 1,
  key: `field-${id}`,
  type: 'text',
  label_en: `Field ${id}`,
  label_es: `Campo ${id}`,
  help_en: '',
  help_es: '',
  required: false,
  asset_types: ['image', 'video', 'audio', 'document', 'other'],
  on_share: false,
  on_pdf: false,
  is_filter: false,
  position: id,
  vocabulary_id: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

export const vocabulary = (id: number, over: Partial<Vocabulary> = {}): Vocabulary => ({
  id,
  brand_id: 1,
  name: `Vocabulary ${id}`,
  kind: 'list',
  system: null,
  option_count: 0,
  field_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

export const option = (id: number, label: string, over: Partial<VocabularyOption> = {}): VocabularyOption => ({
  id,
  vocabulary_id: 1,
  parent_id: null,
  label_en: label,
  label_es: label,
  position: 0,
  depth: 0,
  retired: false,
  asset_count: 0,
  ...over,
});

/** A tree: Region › Europe › Spain / France, Region › Americas, and a retired Atlantis. */
export const regionTree: VocabularyOption[] = [
  option(1, 'Region'),
  option(2, 'Europe', { parent_id: 1, depth: 1, label_es: 'Europa' }),
  option(3, 'Spain', { parent_id: 2, depth: 2, label_es: 'España' }),
  option(4, 'France', { parent_id: 2, depth: 2, label_es: 'Francia', position: 1 }),
  option(5, 'Americas', { parent_id: 1, depth: 1, position: 1 }),
  option(6, 'Atlantis', { parent_id: 1, depth: 1, position: 2, retired: true }),
];

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Autosizing textareas listen to document.fonts, which jsdom lacks. */
export function stubFonts() {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
}
