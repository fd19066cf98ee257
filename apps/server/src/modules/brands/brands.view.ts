import type { Brand, BrandFace, BrandFigures, BrandSummary } from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { BrandsTable } from '../../db/schema.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import type { MailFace } from '../../mail/templates.js';

type Row = Pick<
  Selectable<BrandsTable>,
  'id' | 'name' | 'slug' | 'status' | 'image_key' | 'logo_key' | 'description' | 'accent_color'
>;

export const brandSummary = (b: Row, media: MediaUrl): BrandSummary => ({
  id: b.id,
  name: b.name,
  slug: b.slug,
  status: b.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
  image_uri: media(b.image_key),
  logo_uri: media(b.logo_key),
  description: b.description ?? null,
  accent_color: b.accent_color ?? null,
});

/** The brand's face in its e-mails: the logo as an absolute address, for mail readers. */
export const mailFace = (b: Row, media: MediaUrl, appUrl: string): MailFace => {
  const logo = media(b.logo_key);
  return { name: b.name, logo_url: logo ? `${appUrl}${logo}` : null, accent: b.accent_color ?? null };
};

/** The brand's name, logo and accent colour, for pages that face the outside. */
export const brandFace = (b: Row, media: MediaUrl): BrandFace => ({
  id: b.id,
  name: b.name,
  logo_uri: media(b.logo_key),
  accent_color: b.accent_color ?? null,
});

/** A brand's figures from brandsRepo.figures, zero when it holds nothing yet. */
export const figuresOf = (all: Map<number, { assets: number; last: string | null }>, id: number): BrandFigures => {
  const f = all.get(id);
  return { assets: f?.assets ?? 0, last_upload: f?.last ?? null };
};

export const brandView = (
  b: Selectable<BrandsTable>,
  media: MediaUrl,
  extra: { root_folder_id: number; users_count: number; figures: BrandFigures; abilities: Brand['abilities'] },
): Brand => ({
  ...brandSummary(b, media),
  created_at: b.created_at,
  updated_at: b.updated_at,
  root_folder_id: extra.root_folder_id,
  users_count: extra.users_count,
  figures: extra.figures,
  abilities: extra.abilities,
  require_fields_on_upload: Boolean(b.require_fields_on_upload),
  expiry_warning_days: b.expiry_warning_days,
  expired_downloads: b.expired_downloads === 'warn' ? 'warn' : 'block',
});
