import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { PERMISSION_AREAS, PERMISSION_INFO, PERMISSIONS } from '@brandvault/contract';
import type { PermissionArea, PermissionName } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';

const AREAS = Object.keys(PERMISSION_AREAS) as PermissionArea[];

interface Props {
  /** The permissions the person holds: the only ones a key may be given. */
  held: readonly string[];
  value: PermissionName[];
  onChange: (value: PermissionName[]) => void;
  error?: string | undefined;
}

/** The scopes of a key: the caller's permissions, grouped by area, with what each allows. */
export function ScopeChecklist({ held, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const choices = PERMISSIONS.filter((p) => held.includes(p));
  const areas = AREAS.map((area) => ({ area, perms: choices.filter((p) => PERMISSION_INFO[p].area === area) })).filter(
    (a) => a.perms.length > 0,
  );
  const toggle = (p: PermissionName, on: boolean) => onChange(on ? [...value, p] : value.filter((x) => x !== p));
  return (
    <Stack gap="xs" role="group" aria-label={t('apiKeys.form.scopes')}>
      <div>
        <Text size="sm" fw={500}>
          {t('apiKeys.form.scopes')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('apiKeys.form.scopesHint')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" style={{ alignItems: 'start' }}>
        {areas.map(({ area, perms }) => (
          <Fieldset key={area} legend={PERMISSION_AREAS[area][lang]} variant="filled" p="sm">
            <Stack gap="xs">
              {perms.map((p) => (
                <Checkbox
                  key={p}
                  checked={value.includes(p)}
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
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
