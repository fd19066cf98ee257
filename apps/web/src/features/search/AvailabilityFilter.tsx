import { Checkbox, Select, Stack } from '@mantine/core';
import { AVAILABILITY_STATES } from '@brandvault/contract';
import type { AvailabilityState } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import type { SearchState } from './searchState';

/** The day counts "rights end within" offers; one from a link stays listed. */
export const EXPIRING_WITHIN_CHOICES = [7, 30, 90] as const;

/**
 * Availability (issue 40 §2): the states an asset's rights put it in (available, expiring soon,
 * expired, embargoed) and "rights end within N days" for what can still be used.
 */
export function AvailabilityFilter({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const { t } = useTranslation();
  const chosen = state.expiringWithin === null ? [] : [state.expiringWithin];
  const days = [...new Set<number>([...EXPIRING_WITHIN_CHOICES, ...chosen])].sort((a, b) => a - b);
  return (
    <Stack gap={10}>
      <Checkbox.Group
        label={t('search.facets.availability')}
        value={state.availability}
        onChange={(next) => onChange({ ...state, availability: AVAILABILITY_STATES.filter((a) => next.includes(a)) })}
        data-testid="facet-availability"
      >
        <Stack gap={6} mt={6}>
          {AVAILABILITY_STATES.map((a: AvailabilityState) => (
            <Checkbox key={a} size="xs" value={a} label={t(`search.availability.${a}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Select
        size="xs"
        label={t('search.expiringWithin')}
        value={state.expiringWithin === null ? 'any' : String(state.expiringWithin)}
        onChange={(v) => onChange({ ...state, expiringWithin: v === null || v === 'any' ? null : Number(v) })}
        allowDeselect={false}
        data={[
          { value: 'any', label: t('search.expiringWithinAny') },
          ...days.map((d) => ({ value: String(d), label: t('search.expiringWithinDays', { count: d }) })),
        ]}
        data-testid="expiring-within"
      />
    </Stack>
  );
}
