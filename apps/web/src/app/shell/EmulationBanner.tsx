import { Group, Text } from '@mantine/core';
import { IconMasksTheater } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';

/** Impossible to miss while an administrator acts as someone else (UX.md). */
export function EmulationBanner() {
  const { t } = useTranslation();
  const emulating = useSession((s) => s.emulatorStatus.isEmulating);
  const user = useSession((s) => s.sessionUser);
  if (!emulating || !user) return null;
  return (
    <Group justify="center" gap="xs" bg="orange.6" c="white" py={6} px="md" role="status">
      <IconMasksTheater size={16} aria-hidden />
      <Text size="sm" fw={600}>
        {t('emulation.banner', { name: `${user.first_name} ${user.last_name}` })}
      </Text>
    </Group>
  );
}
