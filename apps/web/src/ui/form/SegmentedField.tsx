import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { SegmentedControlItem } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode } from 'react';

interface Props {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  data: (string | SegmentedControlItem)[];
}

/** A small choice among a few options, named by the label above it. */
export function SegmentedField({ label, value, onChange, data }: Props) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} size="xs" fullWidth value={value} onChange={onChange} data={data} />
    </Stack>
  );
}
