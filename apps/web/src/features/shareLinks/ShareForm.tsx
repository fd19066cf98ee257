import { useMemo, useState } from 'react';
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Switch,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  PASSWORD_MAX,
  SHARE_AUDIENCES,
  SHARE_DEFAULT_EXPIRY,
  SHARE_EXPIRY_AMOUNT_MAX,
  SHARE_EXPIRY_UNITS,
  SHARE_MESSAGE_MAX,
  ShareBody,
} from '@brandvault/contract';
import type { ShareAudience, ShareExpiryUnit, ShareLink } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { useCan } from '../../state/access';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateShare, useRecipients } from './api';
import { CharCount } from '../../ui/form/CharCount';

type Values = {
  audience: ShareAudience;
  user_ids: string[];
  expiry_unit: ShareExpiryUnit;
  expiry_amount: number | string;
  password: string;
  allow_download: boolean;
  watermark: boolean;
  traceable: boolean;
  message: string;
};

/** The body the contract takes: empty optional fields are left out, ids become numbers. */
const bodyOf = (v: Values) => ({
  audience: v.audience,
  user_ids: v.audience === 'users' ? v.user_ids.map(Number) : [],
  expiry_unit: v.expiry_unit,
  ...(v.expiry_unit === 'never' ? {} : { expiry_amount: Number(v.expiry_amount) }),
  ...(v.password ? { password: v.password } : {}),
  allow_download: v.allow_download,
  watermark: v.watermark,
  traceable: v.traceable,
  ...(v.message.trim() ? { message: v.message } : {}),
});

/** A new link's settings (§3 Share settings), defaults 7 days and downloads allowed. */
export function ShareForm({
  collection,
  onCreated,
}: {
  collection: { id: number; name: string };
  onCreated: (link: ShareLink) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateShare(collection.id);
  // Originals go out only with the owner's own download right.
  const mayDownload = useCan().permission('asset.download');
  const form = useForm<Values>({
    initialValues: {
      // The narrowest audience first: reaching further is a choice.
      audience: 'users',
      user_ids: [],
      expiry_unit: SHARE_DEFAULT_EXPIRY.unit,
      expiry_amount: SHARE_DEFAULT_EXPIRY.amount,
      password: '',
      allow_download: mayDownload,
      watermark: false,
      traceable: false,
      message: '',
    },
    validate: (v) => validateWith(ShareBody, bodyOf(v)),
  });
  const v = form.getValues();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const recipients = useRecipients(collection.id, q, v.audience === 'users');
  // Chosen people stay labelled while the search shows others.
  const [known, setKnown] = useState(new Map<string, string>());
  const options = useMemo(() => {
    const map = new Map(known);
    for (const u of recipients.data?.items ?? []) map.set(String(u.id), `${u.name} · ${u.email}`);
    return [...map].map(([value, label]) => ({ value, label }));
  }, [known, recipients.data]);

  const submit = form.onSubmit((values) => {
    create.mutate(bodyOf(values), {
      onSuccess: ({ share_link }) => {
        notifySuccess(t('share.createdTitle'), t('share.created', { name: collection.name }), 'assets');
        onCreated(share_link);
      },
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e, 'assets');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group label={t('share.audience')} {...form.getInputProps('audience')}>
          <Stack gap="xs" mt={6}>
            {SHARE_AUDIENCES.map((a) => (
              <Radio
                key={a}
                value={a}
                label={t(`shareLinks.audiences.${a}`)}
                description={t(`share.audienceHints.${a}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {v.audience === 'users' && (
          <MultiSelect
            label={t('share.people')}
            placeholder={t('share.peoplePlaceholder')}
            searchable
            required
            data={options}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: o }) => o}
            nothingFoundMessage={recipients.isFetching ? t('common.loading') : t('share.noPeople')}
            {...form.getInputProps('user_ids')}
            onChange={(ids) => {
              setKnown(new Map(ids.map((id) => [id, options.find((o) => o.value === id)?.label ?? id])));
              form.setFieldValue('user_ids', ids);
            }}
          />
        )}
        <Group gap="sm" align="flex-start" grow>
          <Select
            label={t('share.expires')}
            allowDeselect={false}
            data={SHARE_EXPIRY_UNITS.map((u) => ({ value: u, label: t(`share.units.${u}`) }))}
            {...form.getInputProps('expiry_unit')}
          />
          {v.expiry_unit !== 'never' && (
            <NumberInput
              label={t('share.amount')}
              min={1}
              max={SHARE_EXPIRY_AMOUNT_MAX}
              allowDecimal={false}
              {...form.getInputProps('expiry_amount')}
            />
          )}
        </Group>
        <PasswordInput
          label={t('share.password')}
          description={t('share.passwordHint')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...form.getInputProps('password')}
        />
        <Switch
          label={t('share.allowDownload')}
          description={mayDownload ? t('share.allowDownloadHint') : t('share.allowDownloadNone')}
          disabled={!mayDownload}
          {...form.getInputProps('allow_download', { type: 'checkbox' })}
        />
        <Switch
          label={t('share.watermark')}
          description={t('share.watermarkHint')}
          {...form.getInputProps('watermark', { type: 'checkbox' })}
        />
        <Switch
          label={t('share.traceable')}
          description={t('share.traceableHint')}
          {...form.getInputProps('traceable', { type: 'checkbox' })}
        />
        <Textarea
          label={t('share.message')}
          description={
            <CharCount
              value={v.message}
              max={SHARE_MESSAGE_MAX}
              hint={v.audience === 'users' ? t('share.messageHintUsers') : t('share.messageHint')}
            />
          }
          autosize
          minRows={2}
          maxRows={6}
          maxLength={SHARE_MESSAGE_MAX}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('share.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
