import { useState } from 'react';
import { Button, MultiSelect, Skeleton, Stack, Text } from '@mantine/core';
import type { ApprovalSettings, Brand } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { FormActions } from '../../ui/form/FormActions';
import { FormModal } from '../../ui/form/FormModal';
import { PageError } from '../../ui/PageError';
import { useApprovalSettings, useSaveApprovalSettings } from './api';

/** Brand settings: which roles' uploads to this brand wait for a reviewer's approval. */
export function ApprovalSettingsModal({ brand, onClose }: { brand: Brand | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={brand !== null}
      onClose={onClose}
      title={t('reviews.settingsTitle', { name: brand?.name ?? '' })}
    >
      {() => <SettingsBody brandId={brand!.id} onClose={onClose} />}
    </FormModal>
  );
}

function SettingsBody({ brandId, onClose }: { brandId: number; onClose: () => void }) {
  const settings = useApprovalSettings(brandId);
  if (settings.isError) return <PageError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton height={90} />;
  return <SettingsForm brandId={brandId} settings={settings.data} onClose={onClose} />;
}

function SettingsForm({
  brandId,
  settings,
  onClose,
}: {
  brandId: number;
  settings: ApprovalSettings;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveApprovalSettings();
  const [value, setValue] = useState(settings.role_ids.map(String));
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { brandId, body: { role_ids: value.map(Number) } },
          {
            onSuccess: () => {
              notifySuccess(t('reviews.settingsSavedTitle'), t('reviews.settingsSaved'));
              onClose();
            },
            onError: (err) => {
              const field = err instanceof ApiError ? err.fields?.role_ids : undefined;
              if (field) setError(field);
              else notifyError(err);
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reviews.settingsHelp')}
        </Text>
        <MultiSelect
          label={t('reviews.settingsRoles')}
          placeholder={value.length ? undefined : t('reviews.settingsNone')}
          data={settings.roles.map((r) => ({
            value: String(r.id),
            label: t(`roles.${r.name}`, { defaultValue: r.name }),
          }))}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          error={error}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions onCancel={onClose}>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
