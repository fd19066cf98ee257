import '../../ui/laterStyles';
import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFile, IconFileZip, IconLinkOff, IconPhotoOff } from '@tabler/icons-react';
import type { SharedView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { Logo } from '../../ui/Logo';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { LanguageSwitch } from '../account/LanguageSwitch';
import { formatBytes, formatDateTime, formatNumber } from '../../i18n/format';
import { useSession } from '../../state/session';
import { PasswordPrompt } from './PasswordPrompt';
import { SharedViewer } from './SharedViewer';
import { onTermsDownload } from '../assets/termsDownload';
import { readPass, savePass, useSharedCollection } from './api';
import pageClasses from '../collections/Collections.module.css';
import classes from './Shared.module.css';
import { BrandFaceMark, accentRule } from '../../ui/BrandFace';

type SharedAsset = SharedView['assets']['items'][number];

/**
 * A collection opened through its link (§2 collections.shared.see and collections.public.see):
 * its name, the owner's message, its assets with the viewer and, when the link allows, downloads;
 * nothing else of the owner or the library.
 */
export default function SharedCollectionPage({ pub = false }: { pub?: boolean }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const token = params.link ?? '';
  const [pass, setPass] = useState(() => readPass(id, token));
  const query = useSharedCollection(Number.isInteger(id) ? id : 0, token, pub, pass);
  const first = query.data?.pages[0];
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.assets.items) ?? [], [query.data]);
  const [viewing, setViewing] = useState<number | null>(null);
  const onIndex = useCallback((i: number) => setViewing(i), []);
  usePageTitle(first?.collection.name ?? t('share.sharedTitle'));

  const error = query.error;
  let body: ReactNode;
  if (error instanceof ApiError && error.code === 'PASSWORD_REQUIRED')
    body = (
      <PasswordPrompt
        id={id}
        token={token}
        onPass={(p) => {
          savePass(id, token, p);
          setPass(p);
        }}
      />
    );
  else if (error instanceof ApiError && (error.status === 404 || error.status === 422))
    body = <Unavailable pub={pub} />;
  else if (error) body = <PageError error={error} onRetry={() => void query.refetch()} />;
  else if (!first) body = <Loading />;
  else
    body = (
      <Stack gap="lg">
        <PageHeader
          title={first.collection.name}
          description={[
            t('collections.count', {
              count: first.collection.asset_count,
              formatted: formatNumber(first.collection.asset_count),
            }),
            first.expires_at
              ? t('share.availableUntil', { date: formatDateTime(first.expires_at) })
              : t('share.neverExpires'),
          ].join(' · ')}
          actions={
            first.zip_url && first.assets.total > 0 ? (
              <Button
                component="a"
                href={first.zip_url}
                download
                onClick={onTermsDownload(first.zip_url, `${first.collection.name}.zip`, first.zip_terms, t, true)}
                variant="light"
                leftSection={<IconFileZip size={16} />}
                data-testid="shared-zip"
              >
                {t('share.downloadAll')}
              </Button>
            ) : undefined
          }
        />
        <Stack gap={6}>
          <Text size="sm" c="dimmed" data-testid="shared-by">
            {t('share.sharedByName', { name: first.shared_by })}
          </Text>
          {first.message && (
            <Text
              size="sm"
              className={classes.message}
              aria-label={t('share.message')}
              style={first.brand?.accent_color ? { borderLeftColor: first.brand.accent_color } : undefined}
            >
              {first.message}
            </Text>
          )}
        </Stack>
        {first.assets.total === 0 ? (
          <EmptyBlock
            icon={<IconPhotoOff size={28} stroke={1.6} />}
            title={t('share.emptyTitle')}
            description={t('share.empty')}
          />
        ) : (
          <section aria-label={t('assets.title')} className={pageClasses.grid}>
            {items.map((a, i) => (
              <Tile key={a.id} asset={a} onOpen={() => setViewing(i)} />
            ))}
          </section>
        )}
        {query.hasNextPage && (
          <Group justify="center">
            <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('share.more')}
            </Button>
          </Group>
        )}
        <SharedViewer items={items} index={viewing} onIndex={onIndex} onClose={() => setViewing(null)} />
      </Stack>
    );

  if (!pub) return <div className={pageClasses.page}>{body}</div>;
  return (
    <div className={classes.publicBackground}>
      <header className={classes.publicHeader} style={accentRule(first?.brand)} data-testid="shared-header">
        {first?.brand ? <BrandFaceMark face={first.brand} testId="shared-brand" /> : <Logo />}
        <LanguageSwitch />
      </header>
      <main className={pageClasses.page}>{body}</main>
    </div>
  );
}

function Tile({ asset: a, onOpen }: { asset: SharedAsset; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <article className={classes.tile} aria-label={a.name}>
      <button
        type="button"
        className={classes.thumbButton}
        onClick={onOpen}
        aria-label={t('share.view', { name: a.name })}
      >
        {a.thumbnail_url ? (
          <img className={classes.thumb} src={a.thumbnail_url} alt="" loading="lazy" />
        ) : (
          <span className={classes.thumbIcon}>
            <IconFile size={40} stroke={1.2} />
          </span>
        )}
      </button>
      <div className={classes.tileBody}>
        <div className={classes.tileText}>
          <Text size="sm" fw={500} truncate="end" title={a.name}>
            {a.name}
          </Text>
          <Text size="xs" c="dimmed">
            {a.ext.toUpperCase()} · {formatBytes(a.size)}
          </Text>
        </div>
        {a.download_url && (
          <Tooltip label={t('share.download')} withArrow>
            <ActionIcon
              component="a"
              href={a.download_url}
              download
              onClick={onTermsDownload(a.download_url, a.name, a.terms, t)}
              variant="subtle"
              color="gray"
              aria-label={t('share.downloadName', { name: a.name })}
            >
              <IconDownload size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </div>
    </article>
  );
}

/** Expired, revoked or unknown: one text for all three, as the server answers. */
function Unavailable({ pub }: { pub: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.isLoggedIn);
  return (
    <EmptyBlock
      icon={<IconLinkOff size={28} stroke={1.6} />}
      title={t('share.goneTitle')}
      description={t('share.gone')}
      action={
        pub && !signedIn ? (
          <Button component={Link} to="/login" variant="light">
            {t('share.signIn')}
          </Button>
        ) : !pub ? (
          <Button component={Link} to="/brand/choose" variant="light">
            {t('share.home')}
          </Button>
        ) : undefined
      }
    />
  );
}

function Loading() {
  return (
    <Stack gap="lg" aria-busy>
      <Skeleton h={32} w={280} />
      <div className={pageClasses.grid}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h={220} radius="md" />
        ))}
      </div>
    </Stack>
  );
}
