import type { ReactNode } from 'react';
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';

export interface RankItem {
  key: string | number;
  label: string;
  /** Under the label: a second fact. */
  detail?: string;
  value: number;
  /** The value as shown (formatted for the language). */
  shown: string;
  onOpen?: () => void;
}

/** A ranked list: each row's label, its figure, and a bar of its share of the first row's. */
export function RankList({ items, label }: { items: RankItem[]; label: string }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <Stack gap={10} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item) => {
        const name: ReactNode = item.onOpen ? (
          <Anchor component="button" type="button" size="sm" onClick={item.onOpen} truncate="end" ta="left" maw="100%">
            {item.label}
          </Anchor>
        ) : (
          <Text size="sm" truncate="end">
            {item.label}
          </Text>
        );
        return (
          <li key={item.key}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <div style={{ minWidth: 0, flex: 1 }}>{name}</div>
              <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {item.shown}
              </Text>
            </Group>
            {item.detail && (
              <Text size="xs" c="dimmed" truncate="end">
                {item.detail}
              </Text>
            )}
            <Progress value={(item.value / max) * 100} size={4} mt={4} aria-hidden />
          </li>
        );
      })}
    </Stack>
  );
}
