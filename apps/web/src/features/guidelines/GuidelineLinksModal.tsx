import {
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconCopy, IconLink } from '@tabler/icons-react';
import { SHARE_EXPIRY_UNITS } from '@brandvault/contract';
import type { ShareExpiryUnit } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateGuidelineLink, useGuidelineLinks, useRevokeGuidelineLink } from './api';

/** Managers make, copy and revoke the public links to a brand's published guidelines. */
export function GuidelineLinksModal({
  brandId,
  opened,
  onClose,
}: {
  brandId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const links = useGuidelineLinks(brandId, opened);
  const create = useCreateGuidelineLink(brandId);
  const revoke = useRevokeGuidelineLink(brandId);
  const [unit, setUnit] = useState<ShareExpiryUnit>('days');
  const [amount, setAmount] = useState<number>(7);
  const [password, setPassword] = useState('');
  const [download, setDownload] = useState(true);
  const submit = () =>
    create.mutate(
      { expiry_unit: unit, expiry_amount: amount, allow_download: download, ...(password ? { password } : {}) },
      {
        onSuccess: () => {
          setPassword('');
          notifySuccess(t('guidelines.linkCreated'), t('guidelines.publicLinksHelp'));
        },
        onError: (e) => notifyError(e),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('guidelines.publicLinksTitle')} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('guidelines.publicLinksHelp')}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Group grow align="flex-end">
              <Select
                label={t('guidelines.linkExpiry')}
                data={SHARE_EXPIRY_UNITS.map((u) => ({ value: u, label: t(`share.units.${u}`) }))}
                value={unit}
                onChange={(v) => setUnit((v as ShareExpiryUnit | null) ?? 'days')}
                allowDeselect={false}
              />
              {unit !== 'never' && (
                <NumberInput
                  label={t('guidelines.linkAmount')}
                  min={1}
                  max={10_000}
                  value={amount}
                  onChange={(v) => setAmount(Number(v) || 1)}
                />
              )}
            </Group>
            <PasswordInput
              label={t('guidelines.linkPassword')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="new-password"
            />
            <Checkbox
              label={t('guidelines.linkAllowDownload')}
              checked={download}
              onChange={(e) => setDownload(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconLink size={16} />} loading={create.isPending}>
                {t('guidelines.linkCreate')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap="xs" data-testid="guideline-links">
          {links.data?.items.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('guidelines.linkNone')}
            </Text>
          )}
          {links.data?.items.map((l) => (
            <Group key={l.id} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Badge variant="light" color={l.state === 'active' ? 'green' : 'gray'}>
                    {t(`guidelines.linkStates.${l.state}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {l.expires_at
                      ? t('guidelines.linkExpires', { date: formatDateTime(l.expires_at) })
                      : t('guidelines.linkNever')}
                    {' · '}
                    {t('guidelines.linkViews', { count: l.views })}
                  </Text>
                </Group>
                {l.link && (
                  <Text size="xs" truncate="end" ff="monospace">
                    {l.link}
                  </Text>
                )}
              </Stack>
              {l.state === 'active' && (
                <Group gap={4} wrap="nowrap">
                  {l.link && (
                    <CopyButton value={l.link}>
                      {({ copied, copy }) => (
                        <Button size="compact-sm" variant="light" leftSection={<IconCopy size={14} />} onClick={copy}>
                          {copied ? t('guidelines.linkCopied') : t('guidelines.linkCopy')}
                        </Button>
                      )}
                    </CopyButton>
                  )}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={revoke.isPending && revoke.variables === l.id}
                    onClick={() =>
                      revoke.mutate(l.id, {
                        onSuccess: () => notifySuccess(t('guidelines.linkRevoked'), ''),
                        onError: (e) => notifyError(e),
                      })
                    }
                  >
                    {t('guidelines.linkRevoke')}
                  </Button>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}
