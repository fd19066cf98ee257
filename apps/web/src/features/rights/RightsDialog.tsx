import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconDownload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { CONSENT_KINDS, ConsentBody, LicenceBody, WORLDWIDE } from '@brandvault/contract';
import type { Consent, Licence, RightsDocument } from '@brandvault/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { formatBytes } from '../../i18n/format';
import { applyFieldErrors, blankToNull, validateWith } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { DateField } from '../../ui/DateField';
import { dateProps } from './dateProps';
import { FormActions } from '../../ui/form/FormActions';
import { FormModal } from '../../ui/form/FormModal';
import { confirm } from '../../ui/confirm/confirmStore';
import {
  saveRightsDocument,
  useChannels,
  useDeleteRightsDocument,
  useSaveConsent,
  useSaveLicence,
  useRightsRecord,
  useUploadRightsDocument,
} from './api';
import type { RightsKind } from './api';
import { territoryOptions } from './labels';

export type Editing<K extends RightsKind> = { kind: K; row: (K extends 'licences' ? Licence : Consent) | null };

interface Props {
  brandId: number;
  editing: Editing<'licences'> | Editing<'consents'> | null;
  onClose: () => void;
}

/** Adds or edits a licence or a consent, with its documents once it exists. */
export function RightsDialog({ brandId, editing, onClose }: Props) {
  const { t } = useTranslation();
  const kind = editing?.kind ?? 'licences';
  const title = t(`rights.${kind}.${editing?.row ? 'editTitle' : 'addTitle'}`);
  return (
    <FormModal opened={editing !== null} onClose={onClose} title={title} size="lg">
      {() =>
        editing!.kind === 'licences' ? (
          <LicenceForm brandId={brandId} row={editing!.row as Licence | null} onDone={onClose} />
        ) : (
          <ConsentForm brandId={brandId} row={editing!.row as Consent | null} onDone={onClose} />
        )
      }
    </FormModal>
  );
}

interface Scope {
  channels: string[];
  territories: string[];
}
/** What of a form the scope pickers use (Mantine's form methods are generic over its paths). */
interface ScopeForm {
  values: Scope;
  getInputProps: (path: 'channels' | 'territories') => GetInputPropsReturnType;
  setFieldValue: (path: 'territories', value: string[]) => void;
}

/** The channels and territories a licence or a consent covers: both forms ask them the same way. */
function ScopeFields({ brandId, form }: { brandId: number; form: ScopeForm }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const channels = useChannels(brandId).data ?? [];
  const territories = useMemo(() => territoryOptions(lang, t('rights.worldwide')), [lang, t]);
  return (
    <>
      <MultiSelect
        label={t('rights.fields.channels')}
        data={channels.map((c) => ({ value: c.value, label: lang === 'es' ? c.label_es : c.label_en }))}
        searchable
        clearable
        {...form.getInputProps('channels')}
      />
      <MultiSelect
        label={t('rights.fields.territories')}
        data={territories}
        searchable
        clearable
        {...form.getInputProps('territories')}
        onChange={(next) => form.setFieldValue('territories', territoriesAfter(form.values.territories, next))}
      />
    </>
  );
}

const day = (v: string) => (v === '' ? null : v);

/** Worldwide and countries exclude each other: picking one drops the other. */
export function territoriesAfter(before: string[], next: string[]): string[] {
  const added = next.filter((c) => !before.includes(c));
  if (added.includes(WORLDWIDE)) return [WORLDWIDE];
  return added.length ? next.filter((c) => c !== WORLDWIDE) : next;
}

function LicenceForm({ brandId, row, onDone }: { brandId: number; row: Licence | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveLicence(brandId);
  const form = useForm({
    initialValues: {
      name: row?.name ?? '',
      holder: row?.holder ?? '',
      channels: row?.channels ?? [],
      territories: row?.territories ?? [WORLDWIDE],
      valid_from: row?.valid_from ?? '',
      valid_until: row?.valid_until ?? '',
      cost_reference: row?.cost_reference ?? '',
      terms: row?.terms ?? '',
      notes: row?.notes ?? '',
    },
  });
  const body = (v: typeof form.values) => ({
    ...v,
    holder: blankToNull(v.holder),
    cost_reference: blankToNull(v.cost_reference),
    terms: blankToNull(v.terms),
    notes: blankToNull(v.notes),
    valid_from: day(v.valid_from),
    valid_until: day(v.valid_until),
  });
  const submit = form.onSubmit((v) => {
    const errors = validateWith(LicenceBody, body(v));
    if (Object.keys(errors).length) return form.setErrors(errors);
    save.mutate(
      { id: row?.id, body: body(v) },
      {
        onSuccess: (l) => {
          notifySuccess(t('rights.savedTitle'), t('rights.licences.saved', { name: l.name }));
          onDone();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e);
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('rights.fields.name')} required data-autofocus {...form.getInputProps('name')} />
        <TextInput label={t('rights.fields.holder')} {...form.getInputProps('holder')} />
        <ScopeFields brandId={brandId} form={form} />
        <Group grow align="flex-start">
          <DateField label={t('rights.fields.validFrom')} {...dateProps(form, 'valid_from')} />
          <DateField label={t('rights.fields.validUntil')} {...dateProps(form, 'valid_until')} />
        </Group>
        <TextInput label={t('rights.fields.costReference')} {...form.getInputProps('cost_reference')} />
        <Textarea label={t('rights.fields.terms')} autosize minRows={2} {...form.getInputProps('terms')} />
        <Textarea label={t('rights.fields.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        {row && <Documents kind="licences" id={row.id} documents={row.documents} />}
        <FormActions onCancel={onDone}>
          <Button type="submit" loading={save.isPending}>
            {t('rights.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

function ConsentForm({ brandId, row, onDone }: { brandId: number; row: Consent | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveConsent(brandId);
  const form = useForm({
    initialValues: {
      person: row?.person ?? '',
      kind: row?.kind ?? ('model' as Consent['kind']),
      signed_on: row?.signed_on ?? '',
      valid_until: row?.valid_until ?? '',
      channels: row?.channels ?? [],
      territories: row?.territories ?? [WORLDWIDE],
      notes: row?.notes ?? '',
    },
  });
  const body = (v: typeof form.values) => ({
    ...v,
    notes: blankToNull(v.notes),
    signed_on: day(v.signed_on),
    valid_until: day(v.valid_until),
  });
  const submit = form.onSubmit((v) => {
    const errors = validateWith(ConsentBody, body(v));
    if (Object.keys(errors).length) return form.setErrors(errors);
    save.mutate(
      { id: row?.id, body: body(v) },
      {
        onSuccess: (c) => {
          notifySuccess(t('rights.savedTitle'), t('rights.consents.saved', { name: c.person }));
          onDone();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e);
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('rights.fields.person')} required data-autofocus {...form.getInputProps('person')} />
        <Select
          label={t('rights.fields.kind')}
          data={CONSENT_KINDS.map((k) => ({ value: k, label: t(`rights.kinds.${k}`) }))}
          allowDeselect={false}
          {...form.getInputProps('kind')}
        />
        <Group grow align="flex-start">
          <DateField label={t('rights.fields.signedOn')} {...dateProps(form, 'signed_on')} />
          <DateField label={t('rights.fields.validUntil')} {...dateProps(form, 'valid_until')} />
        </Group>
        <ScopeFields brandId={brandId} form={form} />
        <Textarea label={t('rights.fields.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        {row && <Documents kind="consents" id={row.id} documents={row.documents} />}
        <FormActions onCancel={onDone}>
          <Button type="submit" loading={save.isPending}>
            {t('rights.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/** The documents of a saved licence or consent: upload, download and delete, each at once. */
function Documents({ kind, id, documents: initial }: { kind: RightsKind; id: number; documents: RightsDocument[] }) {
  const { t } = useTranslation();
  const documents = useRightsRecord(kind, id).data?.documents ?? initial;
  const upload = useUploadRightsDocument(kind);
  const remove = useDeleteRightsDocument();
  const onFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { id, file },
      {
        onSuccess: (d) =>
          notifySuccess(t('rights.documents.addedTitle'), t('rights.documents.added', { name: d.name })),
        onError: (e) => notifyError(e),
      },
    );
  };
  const onDelete = async (d: RightsDocument) => {
    const ok = await confirm({
      title: t('rights.documents.deleteTitle'),
      message: t('rights.documents.deleteConfirm', { name: d.name }),
      confirmLabel: t('rights.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (ok) remove.mutate(d.id, { onError: (e) => notifyError(e) });
  };
  return (
    <Stack gap={6} component="section" aria-label={t('rights.documents.title')}>
      <Text fw={500} size="sm">
        {t('rights.documents.title')}
      </Text>
      {documents.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('rights.documents.none')}
        </Text>
      )}
      {documents.map((d) => (
        <Group key={d.id} gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" truncate>
            {d.name}{' '}
            <Text span c="dimmed">
              ({formatBytes(d.size)})
            </Text>
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('rights.documents.download', { name: d.name })}
              onClick={() => void saveRightsDocument(d.id, d.name).catch((e: unknown) => notifyError(e))}
            >
              <IconDownload size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('rights.documents.deleteNamed', { name: d.name })}
              onClick={() => void onDelete(d)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      ))}
      <FileButton onChange={onFile}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="xs"
            leftSection={<IconPaperclip size={14} />}
            loading={upload.isPending}
            w="fit-content"
          >
            {t('rights.documents.upload')}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
