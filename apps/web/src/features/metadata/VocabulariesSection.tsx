import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { IconListDetails, IconListTree, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Lang, Vocabulary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirm } from '../../ui/confirm/confirmStore';
import { useDeleteVocabulary, useFields, useVocabularies } from './api';
import { fieldLabel } from './labels';
import { VocabularyDialog } from './VocabularyDialog';
import classes from './Metadata.module.css';
import { RowIcon, SectionList } from './SectionList';

type Editing = { kind: 'create' } | { kind: 'rename'; vocabulary: Vocabulary } | null;

/** The brand's vocabularies with their option counts and the fields using them. */
export function VocabulariesSection({ brandId }: { brandId: number }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'es' ? 'es' : 'en';
  const list = useVocabularies(brandId);
  const fields = useFields(brandId);
  const remove = useDeleteVocabulary();
  const [editing, setEditing] = useState<Editing>(null);
  const create = () => setEditing({ kind: 'create' });

  const items = list.data?.items ?? [];

  const onDelete = async (v: Vocabulary) => {
    const ok = await confirm({
      title: t('metadata.vocabularies.deleteTitle'),
      message: t('metadata.vocabularies.deleteConfirm', { name: v.name, count: v.option_count }),
      confirmLabel: t('metadata.vocabularies.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(v.id, {
      onSuccess: () => notifySuccess(t('metadata.vocabularies.deleted'), v.name),
      onError: (e) => notifyError(e),
    });
  };

  return (
    <>
      <SectionList
        query={list}
        skeletons={2}
        newLabel={t('metadata.vocabularies.new')}
        onNew={create}
        count={items.length}
        empty={{
          icon: <IconListDetails size={28} stroke={1.6} />,
          title: t('metadata.vocabularies.empty'),
          text: t('metadata.vocabularies.emptyText'),
        }}
        component="ul"
        label={t('metadata.tabs.vocabularies')}
      >
        {items.map((v) => {
          const users = (fields.data?.items ?? []).filter((f) => f.vocabulary_id === v.id);
          return (
            <li key={v.id} className={classes.row} style={{ listStyle: 'none' }} data-testid={`vocabulary-${v.id}`}>
              {v.kind === 'tree' ? <IconListTree size={18} aria-hidden /> : <IconListDetails size={18} aria-hidden />}
              <div className={classes.rowMain}>
                <Text size="sm" fw={500} truncate>
                  <Link to={`vocabulary/${v.id}`} aria-label={t('metadata.vocabularies.openNamed', { name: v.name })}>
                    {v.name}
                  </Link>
                </Text>
                <div className={classes.badges}>
                  <Badge variant="outline" color="gray" size="sm">
                    {t(`metadata.kinds.${v.kind}`)}
                  </Badge>
                  <Badge variant="light" color="gray" size="sm">
                    {t('metadata.vocabularies.count', { count: v.option_count })}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t('metadata.vocabularies.usedBy')}:{' '}
                    {users.length > 0
                      ? users.map((f) => fieldLabel(f, lang)).join(', ')
                      : v.field_count > 0
                        ? t('metadata.vocabularies.fields', { count: v.field_count })
                        : t('metadata.vocabularies.unused')}
                  </Text>
                </div>
              </div>
              <div className={classes.actions}>
                <Button component={Link} to={`vocabulary/${v.id}`} variant="light" size="compact-sm">
                  {t('metadata.vocabularies.open')}
                </Button>
                <RowIcon
                  label={t('metadata.vocabularies.renameNamed', { name: v.name })}
                  onClick={() => setEditing({ kind: 'rename', vocabulary: v })}
                >
                  <IconPencil size={16} />
                </RowIcon>
                <RowIcon
                  label={
                    v.field_count > 0
                      ? t('metadata.vocabularies.inUse')
                      : t('metadata.vocabularies.deleteNamed', { name: v.name })
                  }
                  color="red"
                  disabled={v.field_count > 0}
                  onClick={() => void onDelete(v)}
                >
                  <IconTrash size={16} />
                </RowIcon>
              </div>
            </li>
          );
        })}
      </SectionList>
      {editing && (
        <VocabularyDialog
          brandId={brandId}
          vocabulary={editing.kind === 'rename' ? editing.vocabulary : null}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
