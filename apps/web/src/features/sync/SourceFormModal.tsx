import { useEffect, useRef } from 'react';
import {
  Button,
  Code,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { SYNC_PATTERNS_MAX, SyncSourceBody, fieldText } from '@brandvault/contract';
import type { SyncOnMissing, SyncSchedule, SyncSource } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUnsavedGuard } from '../../ui/useUnsavedGuard';
import { currentLang } from '../../i18n';
import { useMyBrands } from '../brands/api';
import { flattenTree, useFolderTree } from '../folders/api';
import { useSaveSource } from './api';
import type { SyncSourceBodyIn } from './api';
import { SourceFieldsSection } from '../uploadFields/SourceFieldsSection';
import { filled } from '../uploadFields/rules';
import type { Values as Values_ } from '../uploadFields/rules';

export type SourceFormMode = { kind: 'create' } | { kind: 'edit'; source: SyncSource };

interface Values {
  name: string;
  path: string;
  brand_id: string | null;
  folder_id: string | null;
  schedule: SyncSchedule;
  daily_at: string;
  include: string[];
  exclude: string[];
  on_missing: SyncOnMissing;
  email_report: boolean;
  watch: boolean;
  enabled: boolean;
  field_values: Values_;
}

const DEFAULT_DAILY_AT = '06:00';

function initialValues(source: SyncSource | null): Values {
  return {
    name: source?.name ?? '',
    path: source?.path ?? '',
    brand_id: source ? String(source.brand.id) : null,
    folder_id: source ? String(source.folder.id) : null,
    schedule: source?.schedule ?? 'daily',
    daily_at: source?.daily_at ?? DEFAULT_DAILY_AT,
    include: source?.include ?? [],
    exclude: source?.exclude ?? [],
    on_missing: source?.on_missing ?? 'remove',
    email_report: source?.email_report ?? false,
    watch: source?.watch ?? true,
    enabled: source?.enabled ?? true,
    field_values: source?.field_values ?? {},
  };
}

/** The form's values as the contract's body; missing ids stay missing ("required"). */
export function toBody(v: Values): SyncSourceBodyIn {
  return {
    name: v.name,
    path: v.path,
    brand_id: v.brand_id ? Number(v.brand_id) : (undefined as unknown as number),
    folder_id: v.folder_id ? Number(v.folder_id) : (undefined as unknown as number),
    schedule: v.schedule,
    daily_at: v.schedule === 'daily' ? v.daily_at || null : null,
    include: v.include,
    exclude: v.exclude,
    on_missing: v.on_missing,
    email_report: v.email_report,
    watch: v.watch,
    enabled: v.enabled,
    field_values: filled(v.field_values),
  };
}

/** `include.3` → `include`: a pattern's message goes under its list. */
function byField(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('.')[0]!;
    out[field] ??= message;
  }
  return out;
}

export function SourceFormModal({
  mode,
  roots,
  onClose,
}: {
  mode: SourceFormMode | null;
  roots: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Escape and the close button go through the form, which asks before unsaved changes go.
  const guard = useRef<(() => void) | null>(null);
  return (
    <Modal
      opened={mode !== null}
      onClose={() => (guard.current ? guard.current() : onClose())}
      size="lg"
      title={mode?.kind === 'edit' ? t('sync.form.editTitle', { name: mode.source.name }) : t('sync.form.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // The form asks before its unsaved changes go; it closes the modal itself.
      closeOnClickOutside={false}
    >
      {mode && (
        <SourceForm
          key={mode.kind === 'edit' ? mode.source.id : 'new'}
          source={mode.kind === 'edit' ? mode.source : null}
          roots={roots}
          guard={guard}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function SourceForm({
  source,
  roots,
  guard,
  onDone,
}: {
  source: SyncSource | null;
  roots: string[];
  guard: { current: (() => void) | null };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSource();
  const brands = useMyBrands();
  const form = useForm<Values>({
    initialValues: initialValues(source),
    validate: (v) => {
      const errors = byField(validateWith(SyncSourceBody, toBody(v)));
      // A missing id fails the id's union, which zod words as "invalid": say what is missing.
      for (const key of ['brand_id', 'folder_id'] as const)
        if (!v[key]) errors[key] = fieldText(currentLang(), 'required', { path: key });
      return errors;
    },
  });
  const brandId = form.values.brand_id ? Number(form.values.brand_id) : undefined;
  const tree = useFolderTree(brandId);
  const folders = tree.data ? flattenTree(tree.data.root) : [];
  const dirty = form.isDirty() && !save.isPending;
  useUnsavedGuard(dirty, t('sync.form.unsaved'));

  // A brand just chosen: its root folder until another is picked.
  const rootId = tree.data?.root.id;
  useEffect(() => {
    if (rootId !== undefined && form.values.folder_id === null) form.setFieldValue('folder_id', String(rootId));
  }, [rootId]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the tree arrives.

  const close = async () => {
    if (dirty) {
      const leave = await confirm({
        title: t('unsaved.title'),
        message: t('sync.form.unsaved'),
        confirmLabel: t('unsaved.leave'),
        cancelLabel: t('unsaved.stay'),
        danger: true,
      });
      if (!leave) return;
    }
    onDone();
  };
  useEffect(() => {
    guard.current = () => void close();
    return () => {
      guard.current = null;
    };
  });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: source?.id ?? null, body: toBody(values) },
      {
        onSuccess: ({ source: saved }) => {
          form.resetDirty();
          notifySuccess(
            t(source ? 'sync.form.updatedTitle' : 'sync.form.createdTitle'),
            t(source ? 'sync.form.updated' : 'sync.form.created', { name: saved.name }),
          );
          onDone();
        },
        onError: (error) => {
          if (!applyFieldErrors({ setErrors: (e) => form.setErrors(byField(e)) }, error)) notifyError(error);
        },
      },
    );
  });

  const brandOptions = (brands.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name }));
  const folderOptions = folders.map(({ node, depth }) => ({
    value: String(node.id),
    label: depth === 0 ? t('sync.form.brandRoot') : `${'\u00a0\u00a0'.repeat(depth - 1)}${node.name}`,
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('sync.form.name')}
          name="name"
          required
          data-autofocus
          maxLength={120}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('sync.form.path')}
          name="path"
          required
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          placeholder={roots[0] ? `${roots[0].replace(/\/+$/, '')}/…` : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            roots.length > 0 ? (
              <>
                {t('sync.form.pathHint')}{' '}
                {roots.map((r, i) => (
                  <span key={r}>
                    {i > 0 && ', '}
                    <Code>{r}</Code>
                  </span>
                ))}
              </>
            ) : (
              <Text span size="xs" c="orange">
                {t('sync.form.noRoots')}
              </Text>
            )
          }
          {...form.getInputProps('path')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('sync.form.brand')}
            name="brand_id"
            required
            searchable
            allowDeselect={false}
            data={brandOptions}
            {...form.getInputProps('brand_id')}
            onChange={(v) => {
              form.setFieldValue('brand_id', v);
              form.setFieldValue('folder_id', null);
              form.setFieldValue('field_values', {});
            }}
          />
          <Select
            label={t('sync.form.folder')}
            name="folder_id"
            required
            searchable
            allowDeselect={false}
            disabled={!brandId}
            placeholder={brandId ? undefined : t('sync.form.pickBrand')}
            data={folderOptions}
            {...form.getInputProps('folder_id')}
          />
        </SimpleGrid>
        <SourceFieldsSection
          brandId={brandId}
          value={form.values.field_values}
          onChange={(v) => form.setFieldValue('field_values', v)}
          error={typeof form.errors.values === 'string' ? form.errors.values : undefined}
        />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <div>
            <Text size="sm" fw={500} mb={4} id="sync-schedule-label">
              {t('sync.form.schedule')}
            </Text>
            <SegmentedControl
              aria-labelledby="sync-schedule-label"
              value={form.values.schedule}
              onChange={(v) => form.setFieldValue('schedule', v as SyncSchedule)}
              data={[
                { value: 'manual', label: t('sync.schedule.manual') },
                { value: 'hourly', label: t('sync.schedule.hourly') },
                { value: 'daily', label: t('sync.schedule.daily') },
              ]}
            />
          </div>
          {form.values.schedule === 'daily' && (
            <TextInput
              type="time"
              label={t('sync.form.dailyAt')}
              name="daily_at"
              w={140}
              required
              {...form.getInputProps('daily_at')}
            />
          )}
        </Group>
        <Text size="xs" c="dimmed" mt={-8}>
          {t(`sync.form.scheduleHint.${form.values.schedule}`)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TagsInput
            label={t('sync.form.include')}
            description={t('sync.form.includeHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={t('sync.form.patternPlaceholder')}
            maxTags={SYNC_PATTERNS_MAX}
            clearable
            {...form.getInputProps('include')}
          />
          <TagsInput
            label={t('sync.form.exclude')}
            description={t('sync.form.excludeHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={t('sync.form.patternPlaceholder')}
            maxTags={SYNC_PATTERNS_MAX}
            clearable
            {...form.getInputProps('exclude')}
          />
        </SimpleGrid>
        <Radio.Group
          label={t('sync.form.onMissing')}
          name="on_missing"
          value={form.values.on_missing}
          onChange={(v) => form.setFieldValue('on_missing', v as SyncOnMissing)}
        >
          <Stack gap={6} mt={6}>
            <Radio value="remove" label={t('sync.form.onMissingRemove')} />
            <Radio value="keep" label={t('sync.form.onMissingKeep')} />
          </Stack>
        </Radio.Group>
        <Stack gap="xs">
          <Switch label={t('sync.form.emailReport')} {...form.getInputProps('email_report', { type: 'checkbox' })} />
          <Switch
            label={t('sync.form.watch')}
            description={t('sync.form.watchHint')}
            {...form.getInputProps('watch', { type: 'checkbox' })}
          />
          <Switch
            label={t('sync.form.enabled')}
            description={t('sync.form.enabledHint')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void close()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {source ? t('sync.form.save') : t('sync.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
