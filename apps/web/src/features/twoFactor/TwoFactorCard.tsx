import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { TwoFactorEnrolment } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { useSession } from '../../state/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRenewRecoveryCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from './api';
import { Enrolment } from './Enrolment';
import { ProofModal } from './ProofModal';
import { RecoveryCodes } from './RecoveryCodes';

type Stage = { kind: 'idle' } | { kind: 'enrol'; enrolment: TwoFactorEnrolment } | { kind: 'codes'; codes: string[] };

/** The profile's "Two-factor authentication" card: turn on, renew recovery codes, turn off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [proof, setProof] = useState<'disable' | 'renew' | null>(null);
  // An administrator acting as the person sees the state but changes nothing (the server refuses too).
  const emulating = useSession((st) => st.emulatorStatus.isEmulating);

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (enrolment) => setStage({ kind: 'enrol', enrolment }),
      onError: (e) => notifyError(e),
    });
  const s = status.data;

  let body;
  if (!s) body = <Skeleton h={40} />;
  else if (stage.kind === 'codes')
    body = (
      <RecoveryCodes codes={stage.codes} doneLabel={t('twoFactor.done')} onDone={() => setStage({ kind: 'idle' })} />
    );
  else if (stage.kind === 'enrol')
    body = (
      <Enrolment
        enrolment={stage.enrolment}
        pending={confirm.isPending}
        onCancel={() => setStage({ kind: 'idle' })}
        onConfirm={(code, fail) =>
          confirm.mutate(
            { code },
            {
              onSuccess: ({ recovery_codes }) => {
                notifySuccess(t('twoFactor.title'), t('twoFactor.turnedOn'));
                setStage({ kind: 'codes', codes: recovery_codes });
              },
              onError: fail,
            },
          )
        }
      />
    );
  else if (!s.enabled)
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          {s.required ? t('twoFactor.requiredHint') : t('twoFactor.offHint')}
        </Text>
        {!emulating && (
          <Button onClick={begin} loading={start.isPending}>
            {t('twoFactor.turnOn')}
          </Button>
        )}
      </Stack>
    );
  else
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          {t('twoFactor.onSince', { date: formatDate(s.enabled_at ?? '') })}{' '}
          {t('twoFactor.codesLeft', { count: s.recovery_codes_left })}
        </Text>
        {s.required && (
          <Text size="sm" c="dimmed">
            {t('twoFactor.requiredOn')}
          </Text>
        )}
        <Group gap="xs" display={emulating ? 'none' : undefined}>
          <Button variant="default" onClick={() => setProof('renew')}>
            {t('twoFactor.renew')}
          </Button>
          {!s.required && (
            <Button variant="light" color="red" onClick={() => setProof('disable')}>
              {t('twoFactor.turnOff')}
            </Button>
          )}
        </Group>
      </Stack>
    );

  return (
    <Card component="section" aria-labelledby="profile-two-factor">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md" id="profile-two-factor">
          {t('twoFactor.title')}
        </Title>
        {s && (
          <Badge
            color={s.enabled ? 'teal' : 'gray'}
            variant="light"
            leftSection={s.enabled ? <IconShieldCheck size={12} /> : undefined}
          >
            {s.enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        )}
      </Group>
      {body}
      {proof === 'disable' && (
        <ProofModal
          title={t('twoFactor.turnOffTitle')}
          message={t('twoFactor.turnOffMessage')}
          confirmLabel={t('twoFactor.turnOff')}
          danger
          pending={disable.isPending}
          onClose={() => setProof(null)}
          onSubmit={(body, fail) =>
            disable.mutate(body, {
              onSuccess: () => {
                setProof(null);
                notifySuccess(t('twoFactor.title'), t('twoFactor.turnedOff'));
              },
              onError: fail,
            })
          }
        />
      )}
      {proof === 'renew' && (
        <ProofModal
          title={t('twoFactor.renewTitle')}
          message={t('twoFactor.renewMessage')}
          confirmLabel={t('twoFactor.renew')}
          pending={renew.isPending}
          onClose={() => setProof(null)}
          onSubmit={(body, fail) =>
            renew.mutate(body, {
              onSuccess: ({ recovery_codes }) => {
                setProof(null);
                setStage({ kind: 'codes', codes: recovery_codes });
              },
              onError: fail,
            })
          }
        />
      )}
    </Card>
  );
}
