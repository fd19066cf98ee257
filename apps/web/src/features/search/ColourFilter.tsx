import { Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { COLOUR_NAMES } from '@brandvault/contract';
import type { ColourName } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import type { SearchState } from './searchState';

/** What each swatch shows: a typical shade of the palette colour it filters by. */
const SHADE: Record<ColourName, string> = {
  black: '#111111',
  white: '#ffffff',
  grey: '#8a8a8a',
  red: '#d62828',
  orange: '#f08c00',
  yellow: '#fcc419',
  green: '#2f9e44',
  cyan: '#15aabf',
  blue: '#1c7ed6',
  purple: '#7048e8',
  pink: '#f06595',
  brown: '#8b5a2b',
};
const LIGHT = new Set<ColourName>(['white', 'yellow']);

/**
 * Dominant colours (issue 42 §4): one toggle per palette colour; images match when one of the
 * chosen colours covers at least a tenth of them. Names come from the same palette the server uses.
 */
export function ColourFilter({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const { t } = useTranslation();
  const toggle = (c: ColourName) =>
    onChange({
      ...state,
      colours: state.colours.includes(c)
        ? state.colours.filter((x) => x !== c)
        : COLOUR_NAMES.filter((x) => x === c || state.colours.includes(x)),
    });
  return (
    <div role="group" aria-labelledby="search-colour" data-testid="facet-colour">
      <Text size="sm" fw={600} mb={6} id="search-colour">
        {t('search.facets.colour')}
      </Text>
      <Group gap={6}>
        {COLOUR_NAMES.map((c) => {
          const on = state.colours.includes(c);
          const name = t(`visuals.colour.${c}`);
          return (
            <Tooltip key={c} label={name} withArrow openDelay={300}>
              <UnstyledButton
                aria-label={name}
                aria-pressed={on}
                onClick={() => toggle(c)}
                style={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  background: SHADE[c],
                  border: `2px solid ${on ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-default-border)'}`,
                  display: 'grid',
                  placeItems: 'center',
                  color: LIGHT.has(c) ? '#111' : '#fff',
                }}
              >
                {on && <IconCheck size={14} aria-hidden />}
              </UnstyledButton>
            </Tooltip>
          );
        })}
      </Group>
    </div>
  );
}
