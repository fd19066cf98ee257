import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { brandsRoutes } from '@brandvault/contract';
import { call } from '../../api/client';
import { isShareReturnPath } from '../../lib/guards';
import { BrandFaceMark, accentRule } from '../../ui/BrandFace';

/**
 * The brand whose link led here (issue 44 §5): its logo, name and accent above the sign-in form.
 * Nothing while it loads, on an error or for other paths: the form itself never waits for it.
 */
export function LoginBrandFace({ next }: { next: string | null }) {
  // Share links only: an asset's or folder's id must not tell a stranger which brand holds it.
  const wanted = isShareReturnPath(next);
  const face = useQuery({
    queryKey: ['brand-face', next],
    queryFn: () => call(brandsRoutes.brandFaceOfPath, { query: { next: next! } }),
    enabled: wanted,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const brand = face.data?.brand;
  if (!wanted || !brand) return null;
  return (
    <Box pt="sm" mb="md" style={accentRule(brand)} data-testid="login-brand-face">
      <BrandFaceMark face={brand} testId="login-brand-name" />
    </Box>
  );
}
