import { Input, Slider } from '@mantine/core';
import type { SliderProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props extends Omit<SliderProps, 'label'> {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** The bubble over the thumb while dragging (Mantine's `label`). */
  valueLabel?: SliderProps['label'];
}

/** A slider with its label, hint and error laid out as every other field's. */
export function SliderField({ label, description, error, valueLabel, ...slider }: Props) {
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Slider label={valueLabel} {...slider} />
    </Input.Wrapper>
  );
}
