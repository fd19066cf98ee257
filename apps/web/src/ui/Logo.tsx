import { Group, Text, ThemeIcon } from '@mantine/core';
import type { MantineBreakpoint } from '@mantine/core';
import { IconBoxMultiple } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@brandvault/contract';

/** The product's mark and name; `nameFrom` hides the name below a breakpoint (the navbar on phones). */
export function Logo({ size = 'md', nameFrom }: { size?: 'md' | 'lg'; nameFrom?: MantineBreakpoint }) {
  const big = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap" data-tour="logo">
      <ThemeIcon size={big ? 40 : 30} radius="md" variant="filled" aria-hidden>
        <IconBoxMultiple size={big ? 22 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz={big ? 22 : 17} lh={1} c="dark.8" visibleFrom={nameFrom} style={{ letterSpacing: '-0.01em' }}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
