import { Avatar, Group, Text } from '@mantine/core';
import type { BrandFace as Face } from '@brandvault/contract';
import type { CSSProperties } from 'react';

/** The brand's logo (or initial) and name, as pages that face the outside show it (issue 44 §5). */
export function BrandFaceMark({ face, testId }: { face: Pick<Face, 'name' | 'logo_uri'>; testId?: string }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={face.logo_uri ?? undefined} alt="" radius="md" size={40} color="vault">
        {face.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Text fw={700} fz="lg" truncate="end" data-testid={testId}>
        {face.name}
      </Text>
    </Group>
  );
}

/**
 * The brand's accent as the top rule of a page's header; nothing for a brand without one. A rule
 * and no text on the colour, so any accent keeps the page readable.
 */
export const accentRule = (face: Pick<Face, 'accent_color'> | null | undefined): CSSProperties | undefined =>
  face?.accent_color ? { borderTop: `4px solid ${face.accent_color}` } : undefined;
