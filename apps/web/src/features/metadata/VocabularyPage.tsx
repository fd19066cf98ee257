import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Container, Group, Menu, Paper, Skeleton, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowUp,
  IconArrowsJoin,
  IconDots,
  IconFileImport,
  IconListDetails,
  IconPencil,
  IconPlus,
  IconRestore,
  IconArchive,
  IconSubtask,
} from '@tabler/icons-react';
import type { Lang, VocabularyOption } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatNumber } from '../../i18n/format';
import { useMoveOption, useOptions, useRetireOption } from './api';
import { ImportDialog } from './ImportDialog';
import { optionLabel } from './labels';
import { OptionLabelDialog, OptionMergeDialog, OptionMoveDialog } from './OptionDialogs';
import { optionError } from './optionErrors';
import classes from './Metadata.module.css';

type Open =
  | { kind: 'add'; parent: VocabularyOption | null }
  | { kind: 'rename' | 'move' | 'merge'; option: VocabularyOption }
  | { kind: 'import' }
  | null;

/** One vocabulary's options in tree order, indented by depth, with every change an option allows. */
export default function VocabularyPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'es' ? 'es' : 'en';
  const id = Number(useParams().id);
  const list = useOptions(id);
  const move = useMoveOption();
  const retire = useRetireOption();
  const [open, setOpen] = useState<Open>(null);
  const name = list.data?.vocabulary.name ?? '';
  usePageTitle(name ? t('metadata.options.title', { name }) : t('metadata.title'));
  const back = (
    <Anchor component={Link} to="/brand/metadata?tab=vocabularies" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('metadata.options.back')}
      </Group>
    </Anchor>
  );

  if (list.isLoading)
    return (
      <Container size="lg" py="xl">
        <Skeleton h={28} w={240} mb="lg" />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={36} my={6} />
        ))}
      </Container>
    );
  if (list.error || !list.data)
    return (
      <Container size="lg" py="xl">
        {back}
        <PageError error={list.error} onRetry={() => void list.refetch()} />
      </Container>
    );
  const { vocabulary, items } = list.data;
  const tree = vocabulary.kind === 'tree';
  const siblings = (o: VocabularyOption) => items.filter((x) => x.parent_id === o.parent_id);
  const step = (o: VocabularyOption, by: -1 | 1) => {
    const at = siblings(o).findIndex((x) => x.id === o.id) + by;
    move.mutate(
      { id: o.id, body: { parent_id: o.parent_id, position: at } },
      {
        onSuccess: () => notifySuccess(t('metadata.options.movedTitle'), optionLabel(o, lang)),
        onError: optionError(t),
      },
    );
  };
  const setRetired = (o: VocabularyOption, retired: boolean) =>
    retire.mutate(
      { id: o.id, retired },
      {
        onSuccess: () =>
          notifySuccess(
            retired ? t('metadata.options.retired') : t('metadata.options.unretired'),
            optionLabel(o, lang),
          ),
        onError: optionError(t),
      },
    );

  return (
    <Container size="lg" py="xl">
      {back}
      <PageHeader
        title={t('metadata.options.title', { name: vocabulary.name })}
        description={`${t(`metadata.kinds.${vocabulary.kind}`)} · ${t('metadata.vocabularies.count', { count: items.length })}`}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setOpen({ kind: 'import' })}
            >
              {t('metadata.options.import')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({ kind: 'add', parent: null })}>
              {t('metadata.options.add')}
            </Button>
          </Group>
        }
      />
      {items.length === 0 ? (
        <EmptyBlock
          icon={<IconListDetails size={28} stroke={1.6} />}
          title={t('metadata.options.empty')}
          description={t('metadata.options.emptyText')}
        />
      ) : (
        <Paper withBorder component="ul" p={0} m={0} aria-label={t('metadata.options.listLabel')}>
          {items.map((o) => {
            const label = optionLabel(o, lang);
            const sibs = siblings(o);
            const index = sibs.findIndex((x) => x.id === o.id);
            return (
              <li
                key={o.id}
                className={`${classes.row} ${o.retired ? classes.retired : ''}`}
                style={{ listStyle: 'none', paddingLeft: `calc(var(--mantine-spacing-sm) + ${o.depth * 24}px)` }}
                data-testid={`option-${o.id}`}
              >
                <div className={classes.rowMain}>
                  <Text size="sm" fw={o.depth === 0 && tree ? 500 : 400} truncate>
                    {label}
                    {lang === 'en' && o.label_es !== o.label_en && (
                      <Text span size="xs" c="dimmed">{` · ${o.label_es}`}</Text>
                    )}
                    {lang === 'es' && o.label_es !== o.label_en && (
                      <Text span size="xs" c="dimmed">{` · ${o.label_en}`}</Text>
                    )}
                  </Text>
                </div>
                {o.retired && (
                  <Badge size="sm" color="gray" variant="outline">
                    {t('metadata.options.retiredBadge')}
                  </Badge>
                )}
                <Text size="xs" c="dimmed" miw={72} ta="right">
                  {t('metadata.options.assets', { count: o.asset_count, formatted: formatNumber(o.asset_count) })}
                </Text>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('metadata.options.actions', { name: label })}
                    >
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setOpen({ kind: 'rename', option: o })}
                    >
                      {t('metadata.options.rename')}
                    </Menu.Item>
                    {tree && (
                      <Menu.Item
                        leftSection={<IconPlus size={14} />}
                        onClick={() => setOpen({ kind: 'add', parent: o })}
                      >
                        {t('metadata.options.addUnder', { name: label })}
                      </Menu.Item>
                    )}
                    <Menu.Item
                      leftSection={<IconArrowUp size={14} />}
                      disabled={index <= 0}
                      onClick={() => step(o, -1)}
                    >
                      {t('metadata.options.up')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconArrowDown size={14} />}
                      disabled={index >= sibs.length - 1}
                      onClick={() => step(o, 1)}
                    >
                      {t('metadata.options.down')}
                    </Menu.Item>
                    {tree && (
                      <Menu.Item
                        leftSection={<IconSubtask size={14} />}
                        onClick={() => setOpen({ kind: 'move', option: o })}
                      >
                        {t('metadata.options.moveUnder')}
                      </Menu.Item>
                    )}
                    <Menu.Item
                      leftSection={<IconArrowsJoin size={14} />}
                      onClick={() => setOpen({ kind: 'merge', option: o })}
                    >
                      {t('metadata.options.merge')}
                    </Menu.Item>
                    <Menu.Divider />
                    {o.retired ? (
                      <Menu.Item leftSection={<IconRestore size={14} />} onClick={() => setRetired(o, false)}>
                        {t('metadata.options.unretire')}
                      </Menu.Item>
                    ) : (
                      <Menu.Item leftSection={<IconArchive size={14} />} onClick={() => setRetired(o, true)}>
                        {t('metadata.options.retire')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              </li>
            );
          })}
        </Paper>
      )}
      {open?.kind === 'add' && (
        <OptionLabelDialog vocabularyId={id} parent={open.parent} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'rename' && (
        <OptionLabelDialog vocabularyId={id} option={open.option} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'move' && <OptionMoveDialog option={open.option} options={items} onClose={() => setOpen(null)} />}
      {open?.kind === 'merge' && (
        <OptionMergeDialog option={open.option} options={items} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'import' && (
        <ImportDialog vocabularyId={id} kind={vocabulary.kind} onClose={() => setOpen(null)} />
      )}
    </Container>
  );
}
