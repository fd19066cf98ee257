import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginEnable, useLoginSetup } from './api';
import { Enrolment } from './Enrolment';
import type { SignedIn } from './LoginCodeStep';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * The forced set-up: the account's role requires two-factor and it is not on, so the person turns
 * it on before any session exists; the recovery codes are shown before going in.
 */
export function LoginSetupStep({
  challenge,
  onSignedIn,
  onRestart,
  onError,
}: {
  challenge: string;
  onSignedIn: (answer: SignedIn) => void;
  onRestart: () => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const setup = useLoginSetup();
  const enable = useLoginEnable();
  const [done, setDone] = useState<(SignedIn & { recovery_codes: string[] }) | null>(null);
  const { mutate } = setup;
  useEffect(() => mutate(challenge, { onError }), [challenge, mutate, onError]);

  if (done)
    return (
      <RecoveryCodes
        codes={done.recovery_codes}
        doneLabel={t('twoFactor.continue')}
        onDone={() => {
          const { recovery_codes: _codes, ...answer } = done;
          onSignedIn(answer);
        }}
      />
    );
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconShieldLock size={18} />} title={t('twoFactor.forcedTitle')}>
        {t('twoFactor.forcedHint')}
      </Alert>
      {setup.data ? (
        <Enrolment
          enrolment={setup.data}
          pending={enable.isPending}
          onConfirm={(code, fail) =>
            enable.mutate(
              { challenge, code },
              {
                onSuccess: setDone,
                onError: (e) => {
                  if (!fail(e)) onError(e);
                },
              },
            )
          }
        />
      ) : (
        <Skeleton h={220} />
      )}
      <Anchor component="button" type="button" size="sm" onClick={onRestart}>
        {t('twoFactor.restart')}
      </Anchor>
    </Stack>
  );
}
