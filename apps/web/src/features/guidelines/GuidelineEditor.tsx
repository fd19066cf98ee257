import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconHistory, IconPlus, IconTrash } from '@tabler/icons-react';
import { GUIDELINE_BLOCK_TYPES } from '@brandvault/contract';
import type {
  GuidelineAsset,
  GuidelineBlock,
  GuidelineBlockType,
  GuidelineContent,
  GuidelinePage,
} from '@brandvault/contract';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { PageError } from '../../ui/PageError';
import { useGuidelinePage, usePublishGuideline, useSaveGuideline } from './api';
import { AssetPicker } from './AssetPicker';
import { AssetWarnings } from './blocks/AssetWarnings';
import { BlockForm, newBlock } from './blocks/BlockForm';
import { DragHandle, SortableBlocks } from './blocks/SortableBlocks';
import { GUIDELINES_PATH } from './GuidelinesNav';
import { VersionsDrawer } from './VersionsDrawer';

/** The draft editor of one page (guidelines.manage): blocks added, reordered, removed, saved and published. */
export function GuidelineEditor({ id, brandId }: { id: number; brandId: number }) {
  const page = useGuidelinePage(id);
  // A revert changes the draft under the editor: it starts again from the saved one.
  const [reverts, setReverts] = useState(0);
  if (page.isError) return <PageError error={page.error} onRetry={() => void page.refetch()} />;
  if (!page.data) return <Skeleton h={400} />;
  return <Editor key={reverts} page={page.data} brandId={brandId} onReverted={() => setReverts((n) => n + 1)} />;
}

type Lang = 'main' | 'es';

function Editor({ page, brandId, onReverted }: { page: GuidelinePage; brandId: number; onReverted: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveGuideline(page.id);
  const publish = usePublishGuideline(page.id);
  const [main, setMain] = useState<GuidelineContent>(page.content);
  const [es, setEs] = useState<GuidelineContent | null>(page.es);
  const [cover, setCover] = useState<number | null>(page.cover_asset_id);
  const [lang, setLang] = useState<Lang>('main');
  const [known, setKnown] = useState<GuidelineAsset[]>(page.assets);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [history, setHistory] = useState(false);
  const content = lang === 'es' && es ? es : main;
  const setContent = (c: GuidelineContent) => (lang === 'es' && es ? setEs(c) : setMain(c));
  const setBlocks = (blocks: GuidelineBlock[]) => setContent({ ...content, blocks });
  const assets = new Map(known.map((a) => [a.id, a]));
  const remember = (a: GuidelineAsset[]) => setKnown((k) => [...k.filter((x) => !a.some((y) => y.id === x.id)), ...a]);

  const moveBlock = (from: number, to: number) => {
    if (to < 0 || to >= content.blocks.length) return;
    const next = [...content.blocks];
    const [b] = next.splice(from, 1);
    next.splice(to, 0, b!);
    setBlocks(next);
    // The moved block keeps the keyboard focus where it went.
    requestAnimationFrame(() => document.getElementById(`block-${b!.id}`)?.focus());
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    if (e.target !== e.currentTarget || !e.altKey) return;
    const by = e.key === 'ArrowUp' ? -1 : e.key === 'ArrowDown' ? 1 : 0;
    if (!by) return;
    e.preventDefault();
    moveBlock(i, i + by);
  };

  const body = { title: main.title, cover_asset_id: cover, blocks: main.blocks, es };
  const onSaveError = (e: unknown) => {
    const fields = (e as { fields?: Record<string, string> }).fields;
    if (fields) setErrors(fields);
    notifyError(e);
  };
  // Promises rather than callbacks: the publish step must run whatever the save's refetch re-renders.
  const saved = async () => {
    const p = await save.mutateAsync(body);
    setErrors({});
    remember(p.assets);
  };
  const doSave = () =>
    saved().then(() => notifySuccess(t('guidelines.savedTitle'), t('guidelines.saved')), onSaveError);
  const doPublish = async () => {
    try {
      await saved();
    } catch (e) {
      onSaveError(e);
      return;
    }
    try {
      const p = await publish.mutateAsync();
      notifySuccess(t('guidelines.publishedTitle'), t('guidelines.published', { version: p.published_version }));
      void navigate(`${GUIDELINES_PATH}/${page.id}`);
    } catch (e) {
      notifyError(e);
    }
  };
  const errorsOf = (i: number) =>
    Object.entries(errors)
      .filter(([k]) => k.startsWith(`${lang === 'es' ? 'es.blocks' : 'blocks'}.${i}`))
      .map(([, v]) => v);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={lang}
          onChange={(v) => setLang(v as Lang)}
          data={[
            { value: 'main', label: t('guidelines.mainVersion') },
            { value: 'es', label: t('guidelines.spanishVersion') },
          ]}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconHistory size={16} />}
            onClick={() => setHistory(true)}
            disabled={page.published_version === null}
          >
            {t('guidelines.history')}
          </Button>
          <Button variant="default" onClick={() => void navigate(`${GUIDELINES_PATH}/${page.id}`)}>
            {t('guidelines.preview')}
          </Button>
          <Button variant="light" onClick={() => void doSave()} loading={save.isPending && !publish.isPending}>
            {t('common.save')}
          </Button>
          <Button onClick={() => void doPublish()} loading={publish.isPending}>
            {t('guidelines.publish')}
          </Button>
        </Group>
      </Group>
      {lang === 'es' && (
        <Switch
          label={t('guidelines.hasSpanish')}
          checked={es !== null}
          onChange={(e) => setEs(e.currentTarget.checked ? { title: main.title, blocks: main.blocks } : null)}
        />
      )}
      {lang === 'es' && es === null ? (
        <Text c="dimmed">{t('guidelines.noSpanish')}</Text>
      ) : (
        <>
          <TextInput
            label={t('guidelines.pageTitle')}
            value={content.title}
            onChange={(e) => setContent({ ...content, title: e.currentTarget.value })}
            error={errors[lang === 'es' ? 'es.title' : 'title']}
            required
          />
          {lang === 'main' && (
            <AssetPicker
              brandId={brandId}
              label={t('guidelines.cover')}
              value={cover === null ? [] : [cover]}
              known={assets}
              onChange={(ids, picked) => (remember(picked), setCover(ids[0] ?? null))}
              error={errors.cover_asset_id}
            />
          )}
          {content.blocks.length === 0 && <Text c="dimmed">{t('guidelines.noBlocks')}</Text>}
          <SortableBlocks
            items={content.blocks}
            nameOf={(bid) => t(`guidelines.types.${content.blocks.find((x) => x.id === bid)?.type ?? 'text'}`)}
            onMove={moveBlock}
          >
            {(b, i, handle) => (
              <Card
                id={`block-${b.id}`}
                withBorder
                p="sm"
                tabIndex={0}
                aria-label={t('guidelines.blockLabel', { n: i + 1, type: t(`guidelines.types.${b.type}`) })}
                aria-description={t('guidelines.keyboardMove')}
                onKeyDown={(e) => onKey(e, i)}
                data-testid={`block-${b.type}`}
              >
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Group gap={4} wrap="nowrap">
                    <DragHandle
                      handle={handle}
                      label={t('guidelines.blockDrag', { n: i + 1, type: t(`guidelines.types.${b.type}`) })}
                    />
                    <Text fw={600} size="sm">
                      {t(`guidelines.types.${b.type}`)}
                    </Text>
                  </Group>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={i === 0}
                      aria-label={t('guidelines.blockUp')}
                      onClick={() => moveBlock(i, i - 1)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={i === content.blocks.length - 1}
                      aria-label={t('guidelines.blockDown')}
                      onClick={() => moveBlock(i, i + 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('guidelines.blockRemove')}
                      onClick={() => setBlocks(content.blocks.filter((x) => x.id !== b.id))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
                <AssetWarnings block={b} assets={assets} />
                <BlockForm
                  block={b}
                  brandId={brandId}
                  assets={assets}
                  onPick={remember}
                  onChange={(nb) => setBlocks(content.blocks.map((x) => (x.id === b.id ? nb : x)))}
                />
                {errorsOf(i).map((m) => (
                  <Alert key={m} color="red" mt="xs" p="xs">
                    {m}
                  </Alert>
                ))}
              </Card>
            )}
          </SortableBlocks>
          <Menu position="bottom-start">
            <Menu.Target>
              <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content">
                {t('guidelines.addBlock')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {GUIDELINE_BLOCK_TYPES.map((type: GuidelineBlockType) => (
                <Menu.Item key={type} onClick={() => setBlocks([...content.blocks, newBlock(type)])}>
                  {t(`guidelines.types.${type}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </>
      )}
      <VersionsDrawer id={page.id} opened={history} onClose={() => setHistory(false)} onReverted={onReverted} />
    </Stack>
  );
}
