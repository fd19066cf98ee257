import { Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { TRASH_DAYS } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { usePageTitle } from '../../ui/usePageTitle';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';
import { useFolderTrash } from './api';
import { useAssetTrash } from './assetTrashApi';
import { TrashAssetSection } from './TrashAssetSection';
import { TrashFolderRow } from './TrashFolderRow';
import classes from './Trash.module.css';

export { daysLeft } from './trashDays';

/**
 * /brand/trash: the selected brand's deleted folders (for those who manage its assets) and
 * removed files (one's own for those who may only remove), with restore and delete forever.
 */
export default function TrashPage() {
  const brand = useSession((s) => s.selectedBrand);
  if (!brand) return null;
  return <Trash brandId={brand.id} brandName={brand.name} />;
}

function Trash({ brandId, brandName }: { brandId: number; brandName: string }) {
  const { t } = useTranslation();
  usePageTitle(t('trash.title'));
  const can = useCan();
  const whole = can.permission('asset.manage');
  const folderList = useFolderTrash(brandId, 1, whole);
  const fileList = useAssetTrash(brandId);
  const folders = whole ? folderList.data?.items : [];
  const files = fileList.data?.items;
  const failed = (whole && folderList.isError ? folderList : null) ?? (fileList.isError ? fileList : null);

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Button
              component={Link}
              to="/brand"
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowLeft size={14} />}
              w="fit-content"
              px={4}
            >
              {t('trash.backToBrand')}
            </Button>
            <Title order={1} fz={24} fw={600}>
              {t('trash.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {brandName} · {t(whole ? 'trash.intro' : 'trash.introOwn', { days: TRASH_DAYS })}
            </Text>
          </Stack>
        </Group>

        {failed ? (
          <PageError error={failed.error} onRetry={() => void failed.refetch()} />
        ) : !folders || !files ? (
          <Stack gap="sm" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={76} radius="md" />
            ))}
          </Stack>
        ) : folders.length === 0 && files.length === 0 ? (
          <EmptyBlock
            icon={<IconTrash size={28} stroke={1.6} />}
            title={t('trash.emptyTitle')}
            description={t('trash.empty', { days: TRASH_DAYS })}
            action={
              <Button component={Link} to="/brand" variant="default">
                {t('trash.backToBrand')}
              </Button>
            }
          />
        ) : (
          <>
            {folders.length > 0 && (
              <Stack gap="xs" component="section" aria-labelledby="trash-folders">
                <Title order={2} fz="md" fw={600} id="trash-folders">
                  {t('trash.foldersHeading')}
                </Title>
                <ul className={classes.list} aria-label={t('trash.listLabel')}>
                  {folders.map((e) => (
                    <TrashFolderRow key={e.id} entry={e} />
                  ))}
                </ul>
              </Stack>
            )}
            {files.length > 0 && <TrashAssetSection entries={files} />}
          </>
        )}
      </Stack>
    </Container>
  );
}
