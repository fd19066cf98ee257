import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The line that says what a form is for, above its fields. */
export function FormHint({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
