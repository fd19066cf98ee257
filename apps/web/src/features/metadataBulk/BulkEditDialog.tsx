import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { BULK_EDIT_MAX, OPTION_FIELD_TYPES } from '@brandvault/contract';
import type {
  BulkEditBody,
  BulkEditPreview,
  BulkOpName,
  BulkTarget,
  FieldValue,
  MetadataField,
} from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatNumber } from '../../i18n/format';
import { FieldInput } from '../metadata';
import { previewBulkEdit, useApplyBulkEdit, useBrandFields, useBulkEdit, useFieldOptions } from './api';
import { notifyBulkApplied } from './undoToast';

interface Props {
  opened: boolean;
  brandId: number;
  /** Chosen assets, a folder or a search result (up to 10,000). */
  target: BulkTarget;
  /** What the target is, for people ("3 assets", "the folder Summer"). */
  summary: string;
  onClose: () => void;
  onDone?: () => void;
}

interface Row {
  key: string | null;
  op: BulkOpName;
  value: FieldValue;
}

/** The operations a field takes: adding only to multi selects, removing to fields with options. */
export function opsOf(f: MetadataField): BulkOpName[] {
  const withOptions = OPTION_FIELD_TYPES.includes(f.type);
  return [
    'set',
    ...(f.type === 'multi_select' ? (['add'] as const) : []),
    ...(withOptions ? (['remove'] as const) : []),
    'clear',
  ];
}

/** A row's starting value: a switch shows "no", so a boolean set starts as false, not as nothing. */
const startValue = (f: MetadataField | undefined, op: BulkOpName): FieldValue =>
  f?.type === 'boolean' && op === 'set' ? false : null;

/** The body of the chosen rows, or null while one is not complete. */
export function bodyOf(target: BulkTarget, rows: readonly Row[]): BulkEditBody | null {
  if (!rows.length || rows.some((r) => r.key === null)) return null;
  const ops: BulkEditBody['ops'] = {};
  for (const r of rows) {
    const values = Array.isArray(r.value) ? r.value : typeof r.value === 'number' ? [r.value] : [];
    if (r.op === 'clear') ops[r.key!] = { op: 'clear' };
    else if (r.op === 'set') {
      // "Set" with nothing chosen would clear the field on every asset: that is what "Clear" is for.
      const empty = r.value === null || r.value === '' || (Array.isArray(r.value) && !r.value.length);
      if (empty) return null;
      ops[r.key!] = { op: 'set', value: r.value };
    } else if (!values.length) return null;
    else ops[r.key!] = { op: r.op, values };
  }
  return { target, ops };
}

/** "Edit fields": set, add, remove or clear brand fields on many assets, previewed, applied as a job. */
export function BulkEditDialog({ opened, onClose, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('metadataBulk.title')}
      size="lg"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 500}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <BulkEditForm {...rest} onClose={onClose} />}
    </Modal>
  );
}

function BulkEditForm({ brandId, target, summary, onClose, onDone }: Omit<Props, 'opened'>) {
  const { t, i18n } = useTranslation();
  const es = i18n.language.startsWith('es');
  const fields = useBrandFields(brandId);
  const all = fields.data?.items ?? [];
  const [rows, setRows] = useState<Row[]>([{ key: null, op: 'set', value: null }]);
  const chosen = rows.flatMap((r) => all.filter((f) => f.key === r.key));
  const options = useFieldOptions(chosen);
  const [preview, setPreview] = useState<BulkEditPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const apply = useApplyBulkEdit();
  const [editId, setEditId] = useState<number | null>(null);
  const edit = useBulkEdit(editId);
  const body = bodyOf(target, rows);

  useEffect(() => {
    const e = edit.data;
    if (!e || e.status === 'applying') return;
    if (e.status === 'applied') {
      notifyBulkApplied(e);
      onDone?.();
      onClose();
    }
  }, [edit.data, onClose, onDone]);

  const change = (i: number, patch: Partial<Row>) => {
    setPreview(null);
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  };
  const runPreview = async () => {
    if (!body) return;
    setPreviewing(true);
    setError(null);
    try {
      setPreview(await previewBulkEdit(body));
    } catch (e) {
      setError(e);
    } finally {
      setPreviewing(false);
    }
  };
  const label = (f: MetadataField) => (es ? f.label_es : f.label_en);

  if (editId !== null) {
    const e = edit.data;
    return (
      <Stack gap="md" data-testid="bulk-progress">
        <Text size="sm">
          {e?.status === 'failed'
            ? t('metadataBulk.failed')
            : t('metadataBulk.applying', { done: formatNumber(e?.done ?? 0), of: formatNumber(e?.matched ?? 0) })}
        </Text>
        {e?.status !== 'failed' && <Progress value={e && e.matched ? (100 * e.done) / e.matched : 0} animated />}
        <ErrorAlert error={edit.error} mb="0" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('metadataBulk.hide')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (fields.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (fields.isError) return <ErrorAlert error={fields.error} mb="0" />;
  if (!all.length) return <Text size="sm">{t('metadataBulk.noFields')}</Text>;

  return (
    <Stack gap="md">
      <Text size="sm" data-testid="bulk-summary">
        {summary}
      </Text>
      {rows.map((r, i) => {
        const f = all.find((x) => x.key === r.key);
        const free = all.filter((x) => x.key === r.key || !rows.some((o) => o.key === x.key));
        return (
          <Group key={i} align="flex-end" gap="xs" wrap="wrap" data-testid="bulk-row">
            <Select
              label={t('metadataBulk.field')}
              data={free.map((x) => ({ value: x.key, label: label(x) }))}
              value={r.key}
              onChange={(key) =>
                change(i, {
                  key,
                  op: 'set',
                  value: startValue(
                    all.find((x) => x.key === key),
                    'set',
                  ),
                })
              }
              w={180}
            />
            <Select
              label={t('metadataBulk.operation')}
              data={(f ? opsOf(f) : (['set', 'clear'] as BulkOpName[])).map((op) => ({
                value: op,
                label: t(`metadataBulk.ops.${op}`),
              }))}
              value={r.op}
              onChange={(op) => op && change(i, { op: op as BulkOpName, value: startValue(f, op as BulkOpName) })}
              allowDeselect={false}
              w={150}
            />
            {f && r.op !== 'clear' && (
              <div style={{ flex: 1, minWidth: 180 }}>
                <FieldInput
                  field={f}
                  options={f.vocabulary_id ? (options.get(f.vocabulary_id) ?? []) : []}
                  many={r.op !== 'set'}
                  value={r.value}
                  onChange={(value) => change(i, { value })}
                  label={t('metadataBulk.value')}
                  size="sm"
                />
              </div>
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('metadataBulk.removeRow')}
              onClick={() => {
                setPreview(null);
                setRows((rs) => rs.filter((_, j) => j !== i));
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      {rows.length < all.length && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => setRows((rs) => [...rs, { key: null, op: 'set', value: null }])}
          w="fit-content"
        >
          {t('metadataBulk.addRow')}
        </Button>
      )}
      {preview && (
        <Alert color={preview.changed ? 'blue' : 'gray'} data-testid="bulk-preview">
          {t('metadataBulk.preview', {
            changed: formatNumber(preview.changed),
            matched: formatNumber(preview.matched),
            count: preview.matched,
          })}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {t('metadataBulk.hint', { max: formatNumber(BULK_EDIT_MAX) })}
      </Text>
      <ErrorAlert error={error ?? apply.error} fields mb="0" />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="light" disabled={!body} loading={previewing} onClick={() => void runPreview()}>
          {t('metadataBulk.previewAction')}
        </Button>
        <Button
          disabled={!body || !preview || preview.changed === 0}
          loading={apply.isPending}
          onClick={() => body && apply.mutate(body, { onSuccess: (e) => setEditId(e.id) })}
        >
          {t('metadataBulk.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
