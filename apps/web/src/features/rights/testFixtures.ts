import type { AssetRights, Consent, Licence } from '@brandvault/contract';
import { option, vocabulary } from '../metadata/testFixtures';

export const licence = (id: number, over: Partial<Licence> = {}): Licence => ({
  id,
  brand_id: 7,
  name: `Licence ${id}`,
  holder: null,
  terms: null,
  channels: [],
  territories: ['WW'],
  valid_from: null,
  valid_until: null,
  cost_reference: null,
  notes: null,
  asset_count: 0,
  documents: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const consent = (id: number, over: Partial<Consent> = {}): Consent => ({
  id,
  brand_id: 7,
  person: `Person ${id}`,
  kind: 'model',
  signed_on: null,
  valid_until: null,
  channels: [],
  territories: ['WW'],
  notes: null,
  asset_count: 0,
  documents: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const assetRights = (over: Partial<AssetRights> = {}): AssetRights => ({
  asset_id: 5,
  brand_id: 7,
  availability: 'available',
  availability_date: null,
  availability_reason: null,
  available_from: null,
  available_until: null,
  licences: [],
  consents: [],
  abilities: { manage: true },
  ...over,
});

/** The brand's Channels vocabulary (id 30) and its options, as the metadata routes answer them. */
const channels = vocabulary(30, { brand_id: 7, name: 'Channels', system: 'channels' });
export const channelVocabularies = { items: [channels], abilities: { manage: true } };
export const channelOptions = {
  vocabulary: channels,
  items: [
    option(31, 'Web', { vocabulary_id: 30, label_es: 'Web' }),
    option(32, 'Print', { vocabulary_id: 30, label_es: 'Impresión' }),
  ],
};
