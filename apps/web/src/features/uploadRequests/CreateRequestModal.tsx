import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { PASSWORD_MAX, UPLOAD_REQUEST_MAX_FILES } from '@brandvault/contract';
import type { UploadRequest } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../lib/forms';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../state/session';
import { useAllowedExtensions } from '../extensions/api';
import { flattenTree, useFolderTree } from '../folders/api';
import { useCreateUploadRequest } from './api';
import { UPLOAD_REQUEST_MESSAGE_MAX } from '@brandvault/contract';
import { CharCount } from '../../ui/form/CharCount';

/** How long a new link lasts, in days (the server takes any moment up to a year ahead). */
const EXPIRY_DAYS = [1, 3, 7, 14, 30, 90] as const;
const MB = 1024 * 1024;

interface Values {
  folder_id: string;
  message: string;
  days: string;
  password: string;
  max_files: number | string;
  max_mb: number | string;
  allowed_types: string[];
}

/** A new upload request into a folder of the selected brand; once made, its link to copy. */
export function CreateRequestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [made, setMade] = useState<UploadRequest | null>(null);
  const close = () => {
    setMade(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={made ? t('uploadRequests.create.madeTitle') : t('uploadRequests.create.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && (made ? <Made request={made} onDone={close} /> : <RequestForm onMade={setMade} onCancel={close} />)}
    </Modal>
  );
}

function Made({ request, onDone }: { request: UploadRequest; onDone: () => void }) {
  const { t } = useTranslation();
  const url = request.url ?? '';
  return (
    <Stack gap="md">
      <Text size="sm">{t('uploadRequests.create.made')}</Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput value={url} readOnly aria-label={t('uploadRequests.create.link')} style={{ flex: 1 }} />
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('uploadRequests.copied') : t('uploadRequests.copy')} withArrow>
              <ActionIcon variant="light" size="lg" onClick={copy} aria-label={t('uploadRequests.copy')}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('uploadRequests.create.done')}</Button>
      </Group>
    </Stack>
  );
}

function RequestForm({ onMade, onCancel }: { onMade: (r: UploadRequest) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const brand = useSession((s) => s.selectedBrand);
  const tree = useFolderTree(brand?.id);
  const types = useAllowedExtensions();
  const create = useCreateUploadRequest();
  const form = useForm<Values>({
    initialValues: {
      folder_id: '',
      message: '',
      days: '7',
      password: '',
      max_files: 20,
      max_mb: 1024,
      allowed_types: [],
    },
    validate: {
      folder_id: (v) => (v ? null : t('uploadRequests.create.folderRequired')),
      max_files: (v) => (Number(v) >= 1 ? null : t('uploadRequests.create.atLeastOne')),
      max_mb: (v) => (Number(v) > 0 ? null : t('uploadRequests.create.atLeastOne')),
    },
  });
  if (!brand) return <Alert color="yellow">{t('uploadRequests.create.noBrand')}</Alert>;
  const folders = tree.data
    ? flattenTree(tree.data.root).map(({ node, depth }) => ({
        value: String(node.id),
        label: `${'— '.repeat(depth)}${depth === 0 ? brand.name : node.name}`,
      }))
    : [];
  const submit = form.onSubmit((v) =>
    create.mutate(
      {
        folder_id: Number(v.folder_id),
        ...(v.message.trim() ? { message: v.message.trim() } : {}),
        expires_at: new Date(Date.now() + Number(v.days) * 86_400_000).toISOString(),
        ...(v.password ? { password: v.password } : {}),
        max_files: Number(v.max_files),
        max_bytes: Math.round(Number(v.max_mb) * MB),
        allowed_types: v.allowed_types,
      },
      {
        onSuccess: ({ upload_request }) => onMade(upload_request),
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e);
        },
      },
    ),
  );
  // A refusal of the byte budget names `max_bytes`; the form asks in megabytes.
  const mbError = form.errors.max_mb ?? form.errors.max_bytes;
  const daysError = form.errors.days ?? form.errors.expires_at;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('uploadRequests.create.folder')}
          description={t('uploadRequests.create.folderHint', { brand: brand.name })}
          data={folders}
          searchable
          required
          {...form.getInputProps('folder_id')}
        />
        <Textarea
          label={t('uploadRequests.create.message')}
          rows={3}
          maxLength={UPLOAD_REQUEST_MESSAGE_MAX}
          description={<CharCount value={form.values.message} max={UPLOAD_REQUEST_MESSAGE_MAX} />}
          {...form.getInputProps('message')}
        />
        <Group grow align="flex-start">
          <Select
            label={t('uploadRequests.create.expiry')}
            data={EXPIRY_DAYS.map((d) => ({ value: String(d), label: t('uploadRequests.create.days', { count: d }) }))}
            allowDeselect={false}
            {...form.getInputProps('days')}
            error={daysError}
          />
          <PasswordInput
            label={t('uploadRequests.create.password')}
            description={t('uploadRequests.create.passwordHint')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('password')}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label={t('uploadRequests.create.maxFiles')}
            min={1}
            max={UPLOAD_REQUEST_MAX_FILES}
            allowDecimal={false}
            {...form.getInputProps('max_files')}
          />
          <NumberInput
            label={t('uploadRequests.create.maxMb')}
            min={1}
            {...form.getInputProps('max_mb')}
            error={mbError}
          />
        </Group>
        <MultiSelect
          label={t('uploadRequests.create.types')}
          description={t('uploadRequests.create.typesHint')}
          data={(types.data?.items ?? []).map((x) => x.name)}
          searchable
          clearable
          {...form.getInputProps('allowed_types')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('uploadRequests.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
