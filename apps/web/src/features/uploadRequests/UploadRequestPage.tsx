import '../../ui/laterStyles';
import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  PasswordInput,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconLinkOff, IconLock, IconRefresh, IconUpload, IconX } from '@tabler/icons-react';
import { NAME_MAX, PASSWORD_MAX, UploadRequestTusMetadata, UploadRequestUnlockBody } from '@brandvault/contract';
import type { UploadRequestPublic } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { formatBytes, formatDateTime, formatNumber } from '../../i18n/format';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifyError } from '../../lib/notify';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { usePageTitle } from '../../ui/usePageTitle';
import { LanguageSwitch } from '../account/LanguageSwitch';
import type { UploadItem } from '../assets/upload/uploadState';
import { summarize } from '../assets/upload/uploadState';
import { readRequestPass, saveRequestPass, useOpenRequest, useUnlockRequest } from './api';
import { useRequestUploader } from './useRequestUploader';
import { BrandFaceMark, accentRule } from '../../ui/BrandFace';
import classes from './UploadRequests.module.css';

const WhoSchema = UploadRequestTusMetadata.pick({ uploader_name: true, uploader_email: true });

/**
 * The public page of an upload request (issue 40 §4): the brand's logo and name, the request
 * (message, limits, file types) and nothing else of the brand; the password first when it has
 * one; then the sender's name and e-mail and their files, each with its own status. Uploads are
 * resumable: a dropped connection picks up where it stopped.
 */
export default function UploadRequestPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [pass, setPass] = useState(() => readRequestPass(token));
  const query = useOpenRequest(token, pass);
  const data = query.data;
  usePageTitle(
    data ? t('uploadRequests.public.title', { brand: data.brand.name }) : t('uploadRequests.public.titlePlain'),
  );

  let body: ReactNode;
  const error = query.error;
  if (error instanceof ApiError && (error.status === 404 || error.status === 422))
    body = (
      <EmptyBlock
        icon={<IconLinkOff size={28} stroke={1.6} />}
        title={t('uploadRequests.public.goneTitle')}
        description={t('uploadRequests.public.gone')}
      />
    );
  else if (error) body = <PageError error={error} onRetry={() => void query.refetch()} />;
  else if (!data) body = <Skeleton h={320} radius="md" />;
  else if (data.locked || !data.request)
    body = (
      <Unlock
        token={token}
        onPass={(p) => {
          saveRequestPass(token, p);
          setPass(p);
        }}
      />
    );
  else body = <Request token={token} pass={pass} request={data.request} onChange={() => void query.refetch()} />;

  return (
    <div className={classes.background}>
      <header className={classes.header} style={accentRule(data?.brand)} data-testid="request-header">
        {data ? <BrandFaceMark face={data.brand} testId="request-brand" /> : <span />}
        <LanguageSwitch />
      </header>
      <main className={classes.main}>{body}</main>
    </div>
  );
}

function Unlock({ token, onPass }: { token: string; onPass: (pass: string) => void }) {
  const { t } = useTranslation();
  const unlock = useUnlockRequest(token);
  const form = useForm({ initialValues: { password: '' }, validate: (v) => validateWith(UploadRequestUnlockBody, v) });
  const submit = form.onSubmit(({ password }) =>
    unlock.mutate(password, {
      onSuccess: ({ pass }) => onPass(pass),
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e);
      },
    }),
  );
  return (
    <Paper withBorder radius="lg" p="xl" maw={420} mx="auto" shadow="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ThemeIcon size={48} radius="xl" variant="light" mx="auto">
            <IconLock size={24} />
          </ThemeIcon>
          <Title order={2} size="h4" ta="center">
            {t('uploadRequests.public.protectedTitle')}
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            {t('uploadRequests.public.protected')}
          </Text>
          <PasswordInput
            label={t('uploadRequests.public.password')}
            autoFocus
            autoComplete="off"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={unlock.isPending} fullWidth>
            {t('uploadRequests.public.open')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

type Req = NonNullable<UploadRequestPublic['request']>;

function Request({
  token,
  pass,
  request,
  onChange,
}: {
  token: string;
  pass: string;
  request: Req;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const up = useRequestUploader(token, pass, t('uploadRequests.public.failed'));
  const form = useForm({
    initialValues: { uploader_name: '', uploader_email: '' },
    validate: (v) => validateWith(WhoSchema, v),
  });
  const summary = summarize(up.state.items);
  const accept = request.allowed_types.length ? request.allowed_types.map((x) => `.${x}`).join(',') : undefined;
  const send = form.onSubmit(async (who) => {
    await up.start({ uploader_name: who.uploader_name.trim(), uploader_email: who.uploader_email.trim() });
    onChange();
  });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs">
          <Title order={1} size="h3">
            {t('uploadRequests.public.heading')}
          </Title>
          {request.message && (
            <Text className={classes.message} data-testid="request-message">
              {request.message}
            </Text>
          )}
          <Group gap="xs">
            <Badge variant="light">
              {t('uploadRequests.public.filesLeft', {
                count: request.remaining_files,
                formatted: formatNumber(request.remaining_files),
              })}
            </Badge>
            <Badge variant="light">
              {t('uploadRequests.public.bytesLeft', { size: formatBytes(request.remaining_bytes) })}
            </Badge>
            <Badge variant="light" color="gray">
              {t('uploadRequests.public.until', { date: formatDateTime(request.expires_at) })}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {request.allowed_types.length
              ? t('uploadRequests.public.types', {
                  types: request.allowed_types.map((x) => x.toUpperCase()).join(', '),
                })
              : t('uploadRequests.public.anyType')}
          </Text>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <form onSubmit={send} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label={t('uploadRequests.public.name')}
                required
                maxLength={NAME_MAX}
                autoComplete="name"
                {...form.getInputProps('uploader_name')}
              />
              <TextInput
                label={t('uploadRequests.public.email')}
                type="email"
                required
                maxLength={255}
                autoComplete="email"
                {...form.getInputProps('uploader_email')}
              />
            </SimpleGrid>
            <Group>
              <FileButton onChange={(files) => up.addFiles(files)} multiple accept={accept}>
                {(props) => (
                  <Button
                    variant="default"
                    leftSection={<IconUpload size={16} />}
                    disabled={up.state.running}
                    {...props}
                  >
                    {t('uploadRequests.public.choose')}
                  </Button>
                )}
              </FileButton>
              <Button type="submit" loading={up.state.running} disabled={summary.pending === 0}>
                {t('uploadRequests.public.send', { count: summary.pending })}
              </Button>
            </Group>
            {up.state.items.length > 0 && (
              <ul className={classes.files} aria-label={t('uploadRequests.public.filesLabel')}>
                {up.state.items.map((it) => (
                  <FileRow key={it.id} item={it} onRetry={() => up.retry(it.id)} onRemove={() => up.remove(it.id)} />
                ))}
              </ul>
            )}
            {summary.settled && summary.success > 0 && (
              <Text size="sm" c="teal.8" role="status">
                {t('uploadRequests.public.thanks', { count: summary.success })}
              </Text>
            )}
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function FileRow({ item, onRetry, onRemove }: { item: UploadItem; onRetry: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const status = t(`uploadRequests.public.status.${item.status === 'exists' ? 'success' : item.status}`);
  return (
    <li className={classes.file} data-testid="request-file" data-status={item.status}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={500} truncate="end" title={item.name}>
            {item.name}
          </Text>
          <Text size="xs" c={item.status === 'failed' ? 'red.8' : 'dimmed'}>
            {formatBytes(item.size)} · {item.status === 'failed' && item.error ? item.error : status}
          </Text>
        </div>
        {item.status === 'success' && <IconCheck size={18} color="var(--mantine-color-teal-7)" aria-label={status} />}
        {item.status === 'failed' && (
          <Tooltip label={t('uploadRequests.public.retry')}>
            <ActionIcon
              variant="subtle"
              onClick={onRetry}
              aria-label={t('uploadRequests.public.retryNamed', { name: item.name })}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {(item.status === 'pending' || item.status === 'failed') && (
          <Tooltip label={t('uploadRequests.public.remove')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onRemove}
              aria-label={t('uploadRequests.public.removeNamed', { name: item.name })}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {item.status === 'loading' && (
        <Progress
          value={item.progress}
          size="sm"
          mt={6}
          aria-label={t('uploadRequests.public.progress', { name: item.name })}
        />
      )}
    </li>
  );
}
