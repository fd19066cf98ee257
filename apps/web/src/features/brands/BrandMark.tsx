import { Avatar } from '@mantine/core';
import type { BrandSummary } from '@brandvault/contract';

/** A brand's logo in a small square, or its initial when it has none. Decorative: the name is beside it. */
export function BrandMark({ brand, size }: { brand: Pick<BrandSummary, 'name' | 'logo_uri'>; size: number }) {
  return (
    <Avatar
      src={brand.logo_uri}
      alt=""
      size={size}
      radius="sm"
      color="vault"
      variant="light"
      aria-hidden
      imageProps={{ style: { objectFit: 'contain' } }}
    >
      {brand.name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
