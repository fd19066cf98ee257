import { Button, Group, Text } from '@mantine/core';
import { IconMasksTheater } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFinishEmulation } from '../../features/emulation/api';
import { useSession } from '../../state/session';

/** Impossible to miss while an administrator acts as someone else (UX.md), with Finish, which goes back where they were. */
export function EmulationBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSession((s) => s.emulatorStatus);
  const user = useSession((s) => s.sessionUser);
  const finish = useFinishEmulation();
  if (!status.isEmulating || !user || status.admin_id === null) return null;
  const adminId = status.admin_id;
  const onFinish = () =>
    finish.mutate(adminId, {
      onSuccess: (path) => void navigate(path, { replace: true }),
      // Spec §8: a failed end is only logged (an expired session has already gone to sign-in).
      onError: (e) => console.error('Finishing the emulation failed', e),
    });
  return (
    <Group
      justify="center"
      gap="xs"
      bg="var(--mantine-color-orange-text)"
      c="white"
      py={6}
      px="md"
      role="status"
      wrap="nowrap"
    >
      <IconMasksTheater size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" fw={600} truncate>
        {t('emulation.banner', { name: `${user.first_name} ${user.last_name}` })}
      </Text>
      <Button
        size="compact-sm"
        variant="white"
        c="var(--mantine-color-orange-text)"
        onClick={onFinish}
        loading={finish.isPending}
      >
        {t('emulation.finish')}
      </Button>
    </Group>
  );
}
