import { useState } from 'react';
import { Badge, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconForms, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Lang, MetadataField, Vocabulary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirm } from '../../ui/confirm/confirmStore';
import { useDeleteField, useFields, useReorderFields, useVocabularies } from './api';
import { FieldDialog } from './FieldDialog';
import { fieldLabel } from './labels';
import classes from './Metadata.module.css';
import { RowIcon, SectionList } from './SectionList';

type Editing = { kind: 'create' } | { kind: 'edit'; field: MetadataField } | null;

/** The brand's fields in order, with their badges; create, edit, move up/down and delete. */
export function FieldsSection({ brandId, onNewVocabulary }: { brandId: number; onNewVocabulary: () => void }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'es' ? 'es' : 'en';
  const fields = useFields(brandId);
  const vocabularies = useVocabularies(brandId);
  const reorder = useReorderFields();
  const remove = useDeleteField();
  const [editing, setEditing] = useState<Editing>(null);
  const create = () => setEditing({ kind: 'create' });

  const items = fields.data?.items ?? [];
  const vocabById = new Map<number, Vocabulary>((vocabularies.data?.items ?? []).map((v) => [v.id, v]));

  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((f) => f.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(
      { brandId, ids },
      { onSuccess: () => notifySuccess(t('metadata.fields.moved'), fieldLabel(items[index]!, lang)) },
    );
  };

  const onDelete = async (f: MetadataField) => {
    const name = fieldLabel(f, lang);
    const ok = await confirm({
      title: t('metadata.fields.deleteTitle'),
      message: t('metadata.fields.deleteConfirm', { name }),
      confirmLabel: t('metadata.fields.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    const done = () => notifySuccess(t('metadata.fields.deleted'), t('metadata.fields.deletedText', { name }));
    remove.mutate(
      { id: f.id, confirm: false },
      {
        onSuccess: done,
        onError: async (error) => {
          if (!(error instanceof ApiError && error.code === 'FIELD_HAS_VALUES')) return notifyError(error);
          // The server says how many assets hold a value: ask again, saying so.
          const again = await confirm({
            title: t('metadata.fields.deleteValuesTitle'),
            message: error.fields?.confirm ?? error.message,
            confirmLabel: t('metadata.fields.delete'),
            cancelLabel: t('common.cancel'),
            danger: true,
          });
          if (again) remove.mutate({ id: f.id, confirm: true }, { onSuccess: done, onError: (e) => notifyError(e) });
        },
      },
    );
  };

  return (
    <>
      <SectionList
        query={fields}
        skeletons={3}
        newLabel={t('metadata.fields.new')}
        onNew={create}
        count={items.length}
        empty={{
          icon: <IconForms size={28} stroke={1.6} />,
          title: t('metadata.fields.empty'),
          text: t('metadata.fields.emptyText'),
        }}
        component="ol"
        label={t('metadata.fields.listLabel')}
      >
        {items.map((f, i) => {
          const name = fieldLabel(f, lang);
          const vocab = f.vocabulary_id === null ? undefined : vocabById.get(f.vocabulary_id);
          return (
            <li key={f.id} className={classes.row} style={{ listStyle: 'none' }} data-testid={`field-${f.key}`}>
              <div className={classes.rowMain}>
                <Text size="sm" fw={500} truncate>
                  {name}{' '}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {f.key}
                  </Text>
                </Text>
                <div className={classes.badges}>
                  <Badge variant="outline" color="gray" size="sm">
                    {t(`metadata.types.${f.type}`)}
                  </Badge>
                  {vocab && (
                    <Badge variant="light" color="gray" size="sm">
                      {t('metadata.fields.vocabulary', { name: vocab.name })}
                    </Badge>
                  )}
                  {f.required && <Badge size="sm">{t('metadata.badges.required')}</Badge>}
                  {f.is_filter && (
                    <Badge size="sm" color="teal" variant="light">
                      {t('metadata.badges.filter')}
                    </Badge>
                  )}
                  {f.on_share && (
                    <Badge size="sm" color="grape" variant="light">
                      {t('metadata.badges.share')}
                    </Badge>
                  )}
                  {f.on_pdf && (
                    <Badge size="sm" color="orange" variant="light">
                      {t('metadata.badges.pdf')}
                    </Badge>
                  )}
                </div>
              </div>
              <div className={classes.actions}>
                <RowIcon
                  label={t('metadata.fields.up', { name })}
                  disabled={i === 0 || reorder.isPending}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} />
                </RowIcon>
                <RowIcon
                  label={t('metadata.fields.down', { name })}
                  disabled={i === items.length - 1 || reorder.isPending}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={16} />
                </RowIcon>
                <RowIcon
                  label={t('metadata.fields.editNamed', { name })}
                  onClick={() => setEditing({ kind: 'edit', field: f })}
                >
                  <IconPencil size={16} />
                </RowIcon>
                <RowIcon
                  label={t('metadata.fields.deleteNamed', { name })}
                  color="red"
                  onClick={() => void onDelete(f)}
                >
                  <IconTrash size={16} />
                </RowIcon>
              </div>
            </li>
          );
        })}
      </SectionList>
      {editing && (
        <FieldDialog
          brandId={brandId}
          field={editing.kind === 'edit' ? editing.field : null}
          vocabularies={vocabularies.data?.items ?? []}
          onNewVocabulary={() => {
            setEditing(null);
            onNewVocabulary();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
