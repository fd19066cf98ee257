import type { Client } from './harness.js';

/**
 * Gives a brand's themes or visual language vocabulary these options, as a metadata manager would
 * (fixtures whose assets hold words the brand's lists must offer, issue 39 §3).
 */
export async function seedSystemOptions(admin: Client, brandId: number, key: 'themes' | 'language', labels: string[]) {
  const vocabs = (await admin.get(`/api/ops/brand/${brandId}/metadata/vocabularies`)).json().items as {
    id: number;
    system: string | null;
  }[];
  const v = vocabs.find((x) => x.system === key);
  if (!v) throw new Error(`brand ${brandId} has no ${key} vocabulary`);
  for (const label_en of labels) {
    const r = await admin.post(`/api/ops/metadata/vocabulary/${v.id}/options`, { label_en });
    if (r.statusCode !== 201) throw new Error(`option ${label_en}: ${r.statusCode} ${r.body}`);
  }
}
