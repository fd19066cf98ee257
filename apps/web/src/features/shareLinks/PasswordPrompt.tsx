import { Button, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { PASSWORD_MAX, UnlockBody } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError } from '../../lib/notify';
import { useUnlock } from './api';

/** A protected link asks for its password once per browser session. */
export function PasswordPrompt({ id, token, onPass }: { id: number; token: string; onPass: (pass: string) => void }) {
  const { t } = useTranslation();
  const unlock = useUnlock(id, token);
  const form = useForm({ initialValues: { password: '' }, validate: (v) => validateWith(UnlockBody, v) });
  const submit = form.onSubmit(({ password }) =>
    unlock.mutate(password, {
      onSuccess: ({ pass }) => onPass(pass),
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e, 'assets');
      },
    }),
  );
  return (
    <Paper withBorder radius="lg" p="xl" maw={420} mx="auto" mt="xl" shadow="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" align="stretch">
          <ThemeIcon size={48} radius="xl" variant="light" mx="auto">
            <IconLock size={24} />
          </ThemeIcon>
          <Stack gap={4} align="center">
            <Title order={2} size="h4" ta="center">
              {t('share.protectedTitle')}
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              {t('share.protected')}
            </Text>
          </Stack>
          <PasswordInput
            label={t('share.password')}
            data-autofocus
            autoFocus
            autoComplete="off"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={unlock.isPending} fullWidth>
            {t('share.open')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
