import { Group, Slider, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  value: number;
  onChange: (zoom: number) => void;
  max: number;
  labelSize?: 'xs' | 'sm';
  /** Shown after the slider on the same line (e.g. a button to discard the picture). */
  children?: ReactNode;
}

/** The zoom under a cropper: a named slider from 1× to `max`, in tenths. */
export function ZoomSlider({ label, value, onChange, max, labelSize = 'xs', children }: Props) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size={labelSize} c="dimmed">
        {label}
      </Text>
      <Slider
        value={value}
        onChange={onChange}
        min={1}
        max={max}
        step={0.1}
        style={{ flex: 1 }}
        label={null}
        thumbLabel={label}
      />
      {children}
    </Group>
  );
}
