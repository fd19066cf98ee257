import { TRASH_DAYS } from '@brandvault/contract';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowsMove, IconCopy, IconDownload, IconRestore, IconTrash } from '@tabler/icons-react';
import type { AssetView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { confirm } from '../../ui/confirm/confirmStore';
import { PageError } from '../../ui/PageError';
import { usePageTitle } from '../../ui/usePageTitle';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AddToCollectionButton } from '../collections/AddToCollectionButton';
import { FavoriteButton } from '../collections/FavoriteButton';
import { CrumbTrail } from '../folders/CrumbTrail';
import { FolderPickerModal } from '../folders/FolderPickerModal';
import { ShortcutButton } from '../shortcuts/ShortcutButton';
import { AnnotationLayer } from '../comments/AnnotationLayer';
import { CommentsPanel } from '../comments/CommentsPanel';
import { ReviewProvider, useReview } from '../comments/review';
import { AssetViewer } from './AssetViewer';
import { isPdf } from './media';
import { useAsset, useAssetStatus, useCopyAsset, useMoveAsset } from '../assets/api';
import { AssetMetaForm } from '../assets/AssetMetaForm';
import { BrandFieldsForm } from '../metadata/BrandFieldsForm';
import { VisibilityBadge } from '../../ui/VisibilityBadge';
import { mayBeTransparent } from '../assets/transparency';
import { TypeIcon } from '../../ui/TypeIcon';
import { useFactRows } from '../assets/assetFacts';
import { VersionsPanel } from '../assets/VersionsPanel';
import { AvailabilityBadges, AvailabilityNotice } from '../assets/availability';
import { gatedDownload } from '../assets/gatedDownload';
import { UploadOrigin } from '../uploadRequests/UploadOrigin';
import { ReviewBanner, ReviewHistory } from '../reviews/ReviewBanner';
import { RightsPanel } from '../rights/RightsPanel';
import { UsedInGuidelines } from '../guidelines/UsedInGuidelines';
import { LookAlikeNotice, VisualsPanel } from '../visuals/VisualsPanel';
import { TextPanel } from '../text/TextPanel';
import { TextBoxes } from '../text/TextBoxes';
import { LabelsPanel } from '../labels/LabelsPanel';
import { AssetPeoplePanel } from '../people/AssetPeoplePanel';
import classes from '../assets/Assets.module.css';

// Uppy and tus download only when a dialog opens.
const UploadDialog = lazy(() => import('../assets/upload/UploadDialog').then((m) => ({ default: m.UploadDialog })));

export default function AssetPage() {
  const { id } = useParams();
  const assetId = Number(id);
  if (!Number.isInteger(assetId) || assetId <= 0) return <AssetScreen assetId={0} />;
  return <AssetScreen key={assetId} assetId={assetId} />;
}

function AssetScreen({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const query = useAsset(assetId);
  const asset = query.data?.asset;
  usePageTitle(asset?.name ?? t('assets.pageTitle'));

  if (query.isError) {
    return (
      <Container size="xl" py="xl">
        <Stack>
          <PageError error={query.error} onRetry={() => void query.refetch()} />
          <Group justify="center">
            <Button component={Link} to="/brand" variant="subtle">
              {t('assets.backToBrand')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
  if (!asset) {
    return (
      <Container size="xl" py="xl" aria-busy="true">
        <Skeleton height={14} width={260} mb={8} />
        <Skeleton height={30} width={340} mb="lg" />
        <div className={classes.layout}>
          <Skeleton height={480} radius="md" />
          <Stack>
            <Skeleton height={360} radius="md" />
            <Skeleton height={180} radius="md" />
          </Stack>
        </div>
      </Container>
    );
  }
  return (
    <AssetReview asset={asset}>
      <AssetDetail asset={asset} />
    </AssetReview>
  );
}

/** The comments' shared state: markers on the preview, the panel, and the comment a link (?comment=) picks. */
function AssetReview({ asset, children }: { asset: AssetView; children: ReactNode }) {
  const [params] = useSearchParams();
  const linked = Number(params.get('comment')) || null;
  const pictured =
    asset.type !== 'video' && asset.type !== 'audio' && asset.derivatives !== 'pending' && !!asset.preview_url;
  return (
    <ReviewProvider
      assetId={asset.id}
      mode={pictured ? 'picture' : 'none'}
      page={isPdf(asset) ? 1 : undefined}
      currentVersion={asset.current_version}
      initialActive={linked}
      drawable={false}
    >
      {children}
    </ReviewProvider>
  );
}

function AssetDetail({ asset }: { asset: AssetView }) {
  const { t } = useTranslation();
  const [picker, setPicker] = useState<'move' | 'copy' | null>(null);
  const [versionOpen, setVersionOpen] = useState(false);
  const [textBoxes, setTextBoxes] = useState(false);
  const move = useMoveAsset();
  const copy = useCopyAsset();
  const status = useAssetStatus();
  const removed = asset.status === 'INACTIVE';
  const a = asset.abilities;

  const onStatus = async () => {
    const ok = await confirm({
      title: removed ? t('assets.restoreConfirmTitle') : t('assets.removeConfirmTitle'),
      message: removed
        ? t('assets.restoreConfirm', { name: asset.name })
        : t('assets.removeConfirm', { name: asset.name, days: TRASH_DAYS }),
      confirmLabel: removed ? t('assets.restore') : t('assets.remove'),
      cancelLabel: t('common.cancel'),
      danger: !removed,
    });
    if (!ok) return;
    status.mutate(asset.id, {
      onSuccess: ({ asset: next }) =>
        next.status === 'INACTIVE'
          ? notifySuccess(t('assets.removedTitle'), t('assets.removed', { name: asset.name }), 'assets')
          : notifySuccess(t('assets.restoredTitle'), t('assets.restored', { name: asset.name }), 'assets'),
      onError: (e) => notifyError(e, 'assets'),
    });
  };

  const onPick = (folderId: number) => {
    if (picker === 'move') {
      move.mutate(
        { id: asset.id, folderId },
        {
          onSuccess: () => {
            notifySuccess(t('assets.movedTitle'), t('assets.moved', { name: asset.name }), 'assets');
            setPicker(null);
          },
        },
      );
    } else {
      copy.mutate(
        { id: asset.id, folderId },
        {
          onSuccess: () => {
            notifySuccess(t('assets.copiedTitle'), t('assets.copied', { name: asset.name }), 'assets');
            setPicker(null);
          },
        },
      );
    }
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap={4} mb="lg">
        <CrumbTrail crumbs={asset.breadcrumbs} brandName={asset.brand.name} linkLast />
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          {/* The badges go under a long name rather than squeeze it to a few letters on a phone. */}
          <Group gap="xs" wrap="wrap" miw={0}>
            <Title order={1} fz={24} fw={600} lineClamp={2} title={asset.name} style={{ overflowWrap: 'anywhere' }}>
              {asset.name}
            </Title>
            {!removed && <FavoriteButton assetId={asset.id} name={asset.name} size={34} />}
            <VisibilityBadge visibility={asset.visibility} size="sm" />
            <AvailabilityBadges availability={asset.availability} review={asset.review} size="sm" />
            {removed && (
              <Badge color="red" variant="light">
                {t('assets.removedBadge')}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {!removed && <ShortcutButton kind="asset" id={asset.id} label={asset.name} />}
            {!removed && <AddToCollectionButton assetIds={[asset.id]} />}
            {a.download && (
              <Button
                leftSection={<IconDownload size={16} />}
                variant={asset.download_gate.blocked ? 'default' : undefined}
                onClick={() => void gatedDownload(asset, t)}
              >
                {t('assets.download')}
              </Button>
            )}
            {a.move && !removed && (
              <Button
                variant="default"
                leftSection={<IconArrowsMove size={16} />}
                onClick={() => (move.reset(), setPicker('move'))}
              >
                {t('assets.move')}
              </Button>
            )}
            {a.copy && !removed && (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => (copy.reset(), setPicker('copy'))}
              >
                {t('assets.copy')}
              </Button>
            )}
            {removed
              ? a.restore && (
                  <Button
                    variant="light"
                    leftSection={<IconRestore size={16} />}
                    loading={status.isPending}
                    onClick={() => void onStatus()}
                  >
                    {t('assets.restore')}
                  </Button>
                )
              : a.remove && (
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    loading={status.isPending}
                    onClick={() => void onStatus()}
                  >
                    {t('assets.remove')}
                  </Button>
                )}
          </Group>
        </Group>
      </Stack>
      <AvailabilityNotice asset={asset} />
      <ReviewBanner assetId={asset.id} />
      <LookAlikeNotice assetId={asset.id} />

      <div className={classes.layout}>
        <Stack gap="lg" miw={0}>
          <Preview asset={asset} textBoxes={textBoxes} />
          <Card component="section" aria-labelledby="asset-comments" withBorder>
            <Title order={2} fz="md" id="asset-comments" mb="sm">
              {t('comments.panelTitle')}
            </Title>
            <CommentsPanel assetId={asset.id} currentVersion={asset.current_version} />
          </Card>
          <Facts asset={asset} />
        </Stack>
        <Stack gap="lg">
          <AssetMetaForm key={`${asset.id}-${asset.updated_at}`} asset={asset} />
          <BrandFieldsForm asset={asset} />
          <RightsPanel assetId={asset.id} brandId={asset.brand_id} />
          <UsedInGuidelines assetId={asset.id} />
          <TextPanel assetId={asset.id} assetName={asset.name} showBoxes={textBoxes} onShowBoxes={setTextBoxes} />
          <VisualsPanel assetId={asset.id} brandId={asset.brand_id} />
          <LabelsPanel assetId={asset.id} />
          <AssetPeoplePanel assetId={asset.id} />
          <VersionsPanel asset={asset} onNewVersion={!removed ? () => setVersionOpen(true) : undefined} />
          <ReviewHistory assetId={asset.id} />
        </Stack>
      </div>

      <FolderPickerModal
        opened={picker !== null}
        brandId={asset.brand_id}
        title={
          picker === 'copy' ? t('assets.copyTitle', { name: asset.name }) : t('assets.moveTitle', { name: asset.name })
        }
        confirmLabel={picker === 'copy' ? t('assets.copyHere') : t('assets.moveHere')}
        disabledIds={picker === 'move' ? new Set([asset.folder_id]) : undefined}
        pending={move.isPending || copy.isPending}
        error={(picker === 'move' ? move.error : copy.error) ?? undefined}
        onPick={onPick}
        onClose={() => setPicker(null)}
      />
      {versionOpen && (
        <Suspense fallback={null}>
          <UploadDialog
            opened
            onClose={() => setVersionOpen(false)}
            target={{ kind: 'version', assetId: asset.id, currentExt: asset.ext }}
          />
        </Suspense>
      )}
    </Container>
  );
}

function Preview({ asset, textBoxes }: { asset: AssetView; textBoxes: boolean }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const [picture, setPicture] = useState<HTMLImageElement | null>(null);
  const url = asset.preview_url ?? asset.thumbnail_url;
  const review = useReview();
  return (
    <Card withBorder p={0}>
      <Box className={`${classes.thumb} ${classes.preview}`} data-checker={mayBeTransparent(asset) || undefined}>
        {asset.derivatives === 'pending' ? (
          <Stack align="center" gap="xs">
            <Skeleton height={120} width={120} />
            <Text size="sm" c="dimmed">
              {t('assets.processing')}
            </Text>
          </Stack>
        ) : url ? (
          <UnstyledButton className={classes.previewOpen} aria-label={t('viewer.open')} onClick={() => setViewing(0)}>
            <img
              ref={(el) => {
                if (review) review.target.current = el;
                // Only a new element is kept: the same one again leaves the state as it is.
                if (el) setPicture(el);
              }}
              src={url}
              alt={asset.name}
              className={classes.previewImg}
            />
          </UnstyledButton>
        ) : (
          <UnstyledButton className={classes.previewOpen} aria-label={t('viewer.open')} onClick={() => setViewing(0)}>
            <Stack align="center" gap="xs">
              <TypeIcon type={asset.type} size={72} />
              <Text size="sm" c="dimmed">
                {t('assets.noPreview')}
              </Text>
            </Stack>
          </UnstyledButton>
        )}
        {url && asset.derivatives !== 'pending' && <AnnotationLayer watch={url} />}
        {textBoxes && url && asset.derivatives !== 'pending' && <TextBoxes assetId={asset.id} image={picture} />}
      </Box>
      <AssetViewer items={[asset]} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

export function Facts({ asset }: { asset: AssetView }) {
  const { t } = useTranslation();
  const rows = useFactRows(asset);
  return (
    <Card withBorder component="section" aria-labelledby="asset-facts">
      <Title order={2} fz="md" id="asset-facts" mb="xs">
        {t('assets.factsTitle')}
      </Title>
      <Table verticalSpacing={6} fz="sm" withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="38%" c="dimmed" fw={500}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <UploadOrigin assetId={asset.id} />
    </Card>
  );
}
