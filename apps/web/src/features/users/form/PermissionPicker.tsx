import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { PERMISSION_AREAS, PERMISSION_INFO } from '@brandvault/contract';
import type { PermissionArea, PermissionName } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../i18n';
import { keepLocked } from './grantOptions';

const AREAS = Object.keys(PERMISSION_AREAS) as PermissionArea[];

interface Props {
  /** The permissions offered, in the contract's order. */
  choices: readonly PermissionName[];
  /** Held and not the caller's to change: checked and disabled. */
  locked: readonly PermissionName[];
  value: PermissionName[];
  onChange: (value: PermissionName[]) => void;
  error?: string;
}

/** Direct permissions grouped by area, each with what it allows, in the user's language. */
export function PermissionPicker({ choices, locked, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const areas = AREAS.map((area) => ({ area, perms: choices.filter((p) => PERMISSION_INFO[p].area === area) })).filter(
    (a) => a.perms.length > 0,
  );
  const toggle = (p: PermissionName, on: boolean) =>
    onChange(keepLocked(on ? [...value, p] : value.filter((x) => x !== p), locked));

  return (
    <Stack gap="xs" role="group" aria-label={t('users.form.permissions')}>
      <div>
        <Text size="sm" fw={500}>
          {t('users.form.permissions')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('users.form.permissionsHint')}
        </Text>
      </div>
      {areas.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('users.form.noPermissions')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" style={{ alignItems: 'start' }}>
          {areas.map(({ area, perms }) => (
            <Fieldset key={area} legend={PERMISSION_AREAS[area][lang]} variant="filled" p="sm">
              <Stack gap="xs">
                {perms.map((p) => (
                  <Checkbox
                    key={p}
                    checked={value.includes(p)}
                    disabled={locked.includes(p)}
                    onChange={(e) => toggle(p, e.currentTarget.checked)}
                    label={PERMISSION_INFO[p][lang]}
                    description={p}
                    styles={{ description: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  />
                ))}
              </Stack>
            </Fieldset>
          ))}
        </SimpleGrid>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
