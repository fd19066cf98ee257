import { Skeleton, Stack } from '@mantine/core';

/** Shown while a screen's code downloads: the shape of a page, not a spinner. */
export function ScreenSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <Stack gap="sm" aria-busy="true">
      <Skeleton height={compact ? 24 : 32} width="40%" />
      <Skeleton height={14} width="70%" />
      <Skeleton height={compact ? 36 : 120} mt="sm" />
      <Skeleton height={36} />
    </Stack>
  );
}
