import { z } from 'zod';
import { StatusSchema as Status } from './common.js';

export const BrandSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: Status,
  image_uri: z.string().nullable(),
  logo_uri: z.string().nullable(),
});
export type BrandSummary = z.infer<typeof BrandSummary>;

export const BrandList = z.object({ items: z.array(BrandSummary) });
