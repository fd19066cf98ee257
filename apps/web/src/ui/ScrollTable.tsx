import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table's frame that scrolls sideways when the screen is narrower than `minWidth`. The frame
 * takes the focus and is a named region, so a keyboard user can scroll it (axe's
 * scrollable-region-focusable) and a screen reader says what it holds.
 */
export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  /** What the region holds, as a screen reader announces it. */
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
