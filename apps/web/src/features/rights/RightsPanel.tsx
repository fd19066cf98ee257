import { Badge, Button, Card, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { AssetRightsBody } from '@brandvault/contract';
import type { AssetRights } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { DateField } from '../../ui/DateField';
import { dateProps } from './dateProps';
import { FormActions } from '../../ui/form/FormActions';
import { useForm } from '@mantine/form';
import { useAssetRights, useChannels, useConsents, useLicences, useSaveAssetRights } from './api';
import { channelName, formatDay, territoryName } from './labels';

const COLOR = { available: 'teal', expiring: 'yellow', expired: 'red', embargoed: 'grape' } as const;

/** The asset page's Rights panel: availability and why, its own window, licences and consents. */
export function RightsPanel({ assetId, brandId }: { assetId: number; brandId: number }) {
  const { t } = useTranslation();
  const rights = useAssetRights(assetId);
  const [editing, setEditing] = useState(false);
  const r = rights.data;
  return (
    <Card component="section" aria-labelledby="asset-rights" withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md" id="asset-rights">
          {t('rights.panel.title')}
        </Title>
        {r?.abilities.manage && !editing && (
          <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
            {t('rights.panel.edit')}
          </Button>
        )}
      </Group>
      {!r ? (
        <Text size="sm" c="dimmed">
          {rights.isError ? t('rights.panel.failed') : t('rights.panel.loading')}
        </Text>
      ) : editing ? (
        <RightsEditor rights={r} brandId={brandId} onDone={() => setEditing(false)} />
      ) : (
        <RightsFacts rights={r} brandId={brandId} />
      )}
    </Card>
  );
}

function RightsFacts({ rights: r, brandId }: { rights: AssetRights; brandId: number }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const channels = useChannels(brandId).data;
  const worldwide = t('rights.worldwide');
  const reason = r.availability_reason;
  const why = !reason
    ? ''
    : reason.kind === 'asset'
      ? t('rights.panel.reasonAsset')
      : t(`rights.panel.reason_${reason.kind}`, { name: reason.name ?? '' });
  const lists = (x: { channels: string[]; territories: string[] }) =>
    [
      x.channels.map((c) => channelName(c, lang, channels)).join(', '),
      x.territories.map((c) => territoryName(c, lang, worldwide)).join(', '),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Stack gap="sm" data-testid="asset-rights">
      <Group gap="xs">
        <Badge color={COLOR[r.availability]} variant="light">
          {t(`rights.availability.${r.availability}`)}
        </Badge>
        {r.availability_date && (
          <Text size="sm">
            {t(`rights.panel.date_${r.availability}`, { date: formatDay(r.availability_date, lang) })}
            {why && `: ${why}`}
          </Text>
        )}
      </Group>
      {/* Without dates of its own, "open – open" said nothing: the licences and consents decide. */}
      {r.available_from || r.available_until ? (
        <Text size="sm">
          {t('rights.panel.window', {
            from: formatDay(r.available_from, lang) || t('rights.panel.open'),
            until: formatDay(r.available_until, lang) || t('rights.panel.open'),
          })}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('rights.panel.noWindow')}
        </Text>
      )}
      <div>
        <Text fw={500} size="sm">
          {t('rights.tabs.licences')}
        </Text>
        {r.licences.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('rights.panel.noLicences')}
          </Text>
        ) : (
          r.licences.map((l) => (
            <Text size="sm" key={l.id}>
              {l.name}
              {lists(l) && ` · ${lists(l)}`} ·{' '}
              {l.valid_until ? t('rights.panel.until', { date: formatDay(l.valid_until, lang) }) : t('rights.noEnd')}
            </Text>
          ))
        )}
      </div>
      <div>
        <Text fw={500} size="sm">
          {t('rights.tabs.consents')}
        </Text>
        {r.consents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('rights.panel.noConsents')}
          </Text>
        ) : (
          r.consents.map((c) => (
            <Text size="sm" key={c.id}>
              {c.person ? `${c.person} (${t(`rights.kinds.${c.kind}`)})` : t(`rights.kinds.${c.kind}`)}
              {lists(c) && ` · ${lists(c)}`} ·{' '}
              {c.valid_until ? t('rights.panel.until', { date: formatDay(c.valid_until, lang) }) : t('rights.noEnd')}
            </Text>
          ))
        )}
      </div>
    </Stack>
  );
}

/** Type-ahead over the brand's licences or consents, keeping the ones already picked. */
function usePicker(kind: 'licences' | 'consents', brandId: number, picked: { value: string; label: string }[]) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const query = { page: 1, per_page: 20, ...(q ? { q } : {}) };
  const licences = useLicences(brandId, query, kind === 'licences');
  const consents = useConsents(brandId, query, kind === 'consents');
  const found =
    kind === 'licences'
      ? (licences.data?.items ?? []).map((l) => ({ value: String(l.id), label: l.name }))
      : (consents.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.person }));
  const data = [...picked, ...found.filter((f) => !picked.some((p) => p.value === f.value))];
  return { data, search, setSearch };
}

function RightsEditor({ rights: r, brandId, onDone }: { rights: AssetRights; brandId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAssetRights(r.asset_id);
  const form = useForm({
    initialValues: {
      available_from: r.available_from ?? '',
      available_until: r.available_until ?? '',
      licence_ids: r.licences.map((l) => String(l.id)),
      consent_ids: r.consents.map((c) => String(c.id)),
    },
  });
  const [known, setKnown] = useState(() => ({
    licences: r.licences.map((l) => ({ value: String(l.id), label: l.name })),
    consents: r.consents.map((c) => ({ value: String(c.id), label: c.person ?? '' })),
  }));
  const licences = usePicker('licences', brandId, known.licences);
  const consents = usePicker('consents', brandId, known.consents);
  const remember = (kind: 'licences' | 'consents', ids: string[], data: { value: string; label: string }[]) =>
    setKnown((k) => ({ ...k, [kind]: data.filter((d) => ids.includes(d.value)) }));
  const body = (v: typeof form.values) => ({
    available_from: v.available_from || null,
    available_until: v.available_until || null,
    licence_ids: v.licence_ids.map(Number),
    consent_ids: v.consent_ids.map(Number),
  });
  const submit = form.onSubmit((v) => {
    const errors = validateWith(AssetRightsBody, body(v));
    if (Object.keys(errors).length) return form.setErrors(errors);
    save.mutate(body(v), {
      onSuccess: () => {
        notifySuccess(t('rights.savedTitle'), t('rights.panel.saved'));
        onDone();
      },
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e);
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <DateField label={t('rights.fields.availableFrom')} {...dateProps(form, 'available_from')} />
          <DateField label={t('rights.fields.availableUntil')} {...dateProps(form, 'available_until')} />
        </Group>
        <MultiSelect
          label={t('rights.tabs.licences')}
          placeholder={t('rights.panel.pickLicences')}
          data={licences.data}
          searchable
          searchValue={licences.search}
          onSearchChange={licences.setSearch}
          filter={({ options }) => options}
          {...form.getInputProps('licence_ids')}
          onChange={(ids) => {
            form.setFieldValue('licence_ids', ids);
            remember('licences', ids, licences.data);
          }}
        />
        <MultiSelect
          label={t('rights.tabs.consents')}
          placeholder={t('rights.panel.pickConsents')}
          data={consents.data}
          searchable
          searchValue={consents.search}
          onSearchChange={consents.setSearch}
          filter={({ options }) => options}
          {...form.getInputProps('consent_ids')}
          onChange={(ids) => {
            form.setFieldValue('consent_ids', ids);
            remember('consents', ids, consents.data);
          }}
        />
        <FormActions onCancel={onDone}>
          <Button type="submit" loading={save.isPending}>
            {t('rights.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
