import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBoxMultiple } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@brandvault/contract';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const big = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap" data-tour="logo">
      <ThemeIcon size={big ? 40 : 30} radius="md" variant="filled" aria-hidden>
        <IconBoxMultiple size={big ? 22 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz={big ? 22 : 17} lh={1} c="dark.8" style={{ letterSpacing: '-0.01em' }}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
