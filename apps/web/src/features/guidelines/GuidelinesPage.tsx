import {
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Image,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBook, IconLink, IconPencil } from '@tabler/icons-react';
import type { GuidelinePage } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { currentLang } from '../../i18n';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../state/session';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useCreateGuideline, useGuidelinePage, useGuidelineTree } from './api';
import { BlockView } from './blocks/BlockView';
import { GuidelineEditor } from './GuidelineEditor';
import { GuidelineLinksModal } from './GuidelineLinksModal';
import { GuidelinePdfButton } from './GuidelinePdfButton';
import { BrandSectionTabs, GUIDELINES_PATH } from './GuidelinesNav';
import { GuidelineTree, titleOf } from './GuidelineTree';

/** The selected brand's guidelines: the tree beside the open page, read or (editors) edited. */
export default function GuidelinesPage({ editing = false }: { editing?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('guidelines.title'));
  const brand = useSession((s) => s.selectedBrand);
  const navigate = useNavigate();
  const id = Number(useParams().id) || undefined;
  const tree = useGuidelineTree(brand?.id);
  const [creating, setCreating] = useState<{ kind: 'chapter' | 'page'; chapterId: number | null } | null>(null);
  const [sharing, setSharing] = useState(false);
  if (!brand) return null;
  const items = tree.data?.items ?? [];
  const manage = !!tree.data?.abilities.manage;
  // Without a page in the address, the first page (or chapter) opens.
  const shownId = id ?? items.find((n) => n.kind === 'page')?.id ?? items[0]?.id;

  return (
    <Container size="xl" py="lg">
      <BrandSectionTabs current="guidelines" />
      <PageHeader
        title={t('guidelines.title')}
        description={t('guidelines.subtitle', { brand: brand.name })}
        actions={
          <Group gap="xs">
            {items.some((n) => n.status === 'published') && <GuidelinePdfButton what={{ brandId: brand.id }} />}
            {manage && (
              <Button variant="light" leftSection={<IconLink size={16} />} onClick={() => setSharing(true)}>
                {t('guidelines.publicLink')}
              </Button>
            )}
          </Group>
        }
      />
      {manage && <GuidelineLinksModal brandId={brand.id} opened={sharing} onClose={() => setSharing(false)} />}
      {tree.isError ? (
        <PageError error={tree.error} onRetry={() => void tree.refetch()} />
      ) : tree.isPending ? (
        <Skeleton h={320} />
      ) : items.length === 0 && !manage ? (
        <EmptyBlock
          icon={<IconBook size={28} />}
          title={t('guidelines.emptyTitle')}
          description={t('guidelines.empty')}
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <GuidelineTree
              items={items}
              currentId={shownId}
              manage={manage}
              onCreate={(kind, chapterId) => setCreating({ kind, chapterId })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {shownId === undefined ? (
              <EmptyBlock
                icon={<IconBook size={28} />}
                title={t('guidelines.emptyTitle')}
                description={t('guidelines.emptyEditor')}
              />
            ) : editing && manage ? (
              <GuidelineEditor key={shownId} id={shownId} brandId={brand.id} />
            ) : (
              <PageReader key={shownId} id={shownId} manage={manage} />
            )}
          </Grid.Col>
        </Grid>
      )}
      <CreateModal
        brandId={brand.id}
        creating={creating}
        onClose={() => setCreating(null)}
        onCreated={(page) => void navigate(`${GUIDELINES_PATH}/${page.id}${page.kind === 'page' ? '/edit' : ''}`)}
      />
    </Container>
  );
}

function PageReader({ id, manage }: { id: number; manage: boolean }) {
  const { t } = useTranslation();
  const page = useGuidelinePage(id);
  // The version in the user's language first; a page with both offers the other one too.
  const [lang, setLang] = useState<'en' | 'es'>(currentLang() === 'es' ? 'es' : 'en');
  if (page.isError) return <PageError error={page.error} onRetry={() => void page.refetch()} />;
  if (!page.data) return <Skeleton h={400} />;
  const p = page.data;
  const shown = lang === 'es' && p.es ? p.es : p.content;
  const assets = new Map(p.assets.map((a) => [a.id, a]));
  const cover = p.cover_asset_id ? assets.get(p.cover_asset_id) : undefined;
  return (
    <Stack gap="lg" data-testid="guideline-page">
      <Group justify="space-between" align="flex-start">
        <Title order={2} lang={p.es ? lang : undefined}>
          {shown.title || titleOf(p)}
        </Title>
        <Group gap="xs">
          {p.es && (
            <SegmentedControl
              size="xs"
              value={lang}
              onChange={(v) => setLang(v as 'en' | 'es')}
              aria-label={t('guidelines.versionSwitch')}
              data={[
                { value: 'en', label: t('guidelines.readEnglish') },
                { value: 'es', label: t('guidelines.readSpanish') },
              ]}
            />
          )}
          {p.status === 'published' && p.kind === 'page' && <GuidelinePdfButton what={{ pageId: id }} />}
          {manage && (
            <Button
              component={Link}
              to={`${GUIDELINES_PATH}/${id}/edit`}
              variant="light"
              leftSection={<IconPencil size={16} />}
            >
              {t('guidelines.edit')}
            </Button>
          )}
        </Group>
      </Group>
      {manage && p.view === 'draft' && (
        <Text size="sm" c="dimmed">
          {p.status === 'draft'
            ? t('guidelines.neverPublished')
            : p.unpublished_changes
              ? t('guidelines.draftAhead')
              : t('guidelines.upToDate', { version: p.published_version })}
        </Text>
      )}
      {cover?.available && cover.preview_url && (
        <Image src={cover.preview_url} alt="" radius="md" mah={320} fit="cover" />
      )}
      {shown.blocks.length === 0 ? (
        <Card withBorder p="xl">
          <Text c="dimmed" ta="center">
            {p.kind === 'chapter' ? t('guidelines.chapterIntro') : t('guidelines.pageEmpty')}
          </Text>
        </Card>
      ) : (
        shown.blocks.map((b) => (
          <Box key={b.id} data-block={b.type}>
            <BlockView block={b} assets={assets} presets={p.crop_presets} />
          </Box>
        ))
      )}
    </Stack>
  );
}

function CreateModal({
  brandId,
  creating,
  onClose,
  onCreated,
}: {
  brandId: number;
  creating: { kind: 'chapter' | 'page'; chapterId: number | null } | null;
  onClose: () => void;
  onCreated: (page: GuidelinePage) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateGuideline(brandId);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () =>
    creating &&
    create.mutate(
      { kind: creating.kind, title, chapter_id: creating.chapterId },
      {
        onSuccess: (page) => {
          setTitle('');
          setError(undefined);
          onClose();
          onCreated(page);
        },
        onError: (e) => {
          const fields = (e as { fields?: Record<string, string> }).fields;
          if (fields?.title) setError(fields.title);
          else notifyError(e);
        },
      },
    );
  return (
    <Modal
      opened={creating !== null}
      onClose={onClose}
      title={creating?.kind === 'chapter' ? t('guidelines.newChapter') : t('guidelines.newPage')}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('guidelines.pageTitle')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={error}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('guidelines.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
