// A public page is opened without the signed-in shell, which brings the components' full styles.
import '../../ui/laterStyles';
import {
  Box,
  Button,
  Card,
  Container,
  Grid,
  Image,
  NavLink,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBook, IconLock } from '@tabler/icons-react';
import type { GuidelineNode } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { currentLang } from '../../i18n';
import { notifyError } from '../../lib/notify';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePublicGuidelinePage, usePublicGuidelines, useUnlockGuidelines } from './api';
import { BlockView } from './blocks/BlockView';

const passKey = (token: string) => `guidelines-pass:${token}`;
const titleIn = (n: GuidelineNode) => (currentLang() === 'es' && n.title_es ? n.title_es : n.title);

/**
 * A brand's published guidelines opened through a public link, without signing in: the tree
 * beside the open page; a password link asks for its password first (kept for the tab's session).
 */
export default function PublicGuidelinesPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [pass, setPass] = useState<string | null>(() => sessionStorage.getItem(passKey(token)));
  const tree = usePublicGuidelines(token, pass);
  const [openId, setOpenId] = useState<number | undefined>();
  // A password link answers `locked` (not an error) until its password is given.
  const opened = tree.data && !tree.data.locked ? tree.data : undefined;
  usePageTitle(opened ? t('guidelines.publicTitle', { brand: opened.brand.name }) : t('guidelines.title'));
  const locked = !!tree.data?.locked;
  const gone = tree.error instanceof ApiError && tree.error.status === 404;
  const items = opened?.items ?? [];
  const shownId = openId ?? items.find((n) => n.kind === 'page')?.id ?? items[0]?.id;
  const keep = (p: string) => {
    sessionStorage.setItem(passKey(token), p);
    setPass(p);
  };

  return (
    <Container size="xl" py="lg">
      {locked ? (
        <Unlock token={token} onPass={keep} />
      ) : gone ? (
        <EmptyBlock
          icon={<IconLock size={28} />}
          title={t('guidelines.title')}
          description={t('guidelines.publicGone')}
        />
      ) : tree.isError ? (
        <PageError error={tree.error} onRetry={() => void tree.refetch()} />
      ) : !opened ? (
        <Skeleton h={320} />
      ) : (
        <Stack>
          <Title order={1} fz={24} fw={600}>
            {t('guidelines.publicTitle', { brand: opened.brand.name })}
          </Title>
          {items.length === 0 ? (
            <EmptyBlock
              icon={<IconBook size={28} />}
              title={t('guidelines.emptyTitle')}
              description={t('guidelines.publicEmpty')}
            />
          ) : (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 3 }}>
                <Box component="nav" aria-label={t('guidelines.treeLabel')}>
                  {items.map((n) => (
                    <NavLink
                      key={n.id}
                      label={titleIn(n)}
                      active={n.id === shownId}
                      disabled={n.kind === 'chapter' && !items.some((c) => c.parent_id === n.id)}
                      pl={n.parent_id === null ? undefined : 'lg'}
                      onClick={() => setOpenId(n.id)}
                    />
                  ))}
                </Box>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 9 }}>
                {shownId !== undefined && <PublicPage token={token} id={shownId} pass={opened.pass} />}
              </Grid.Col>
            </Grid>
          )}
        </Stack>
      )}
    </Container>
  );
}

function PublicPage({ token, id, pass }: { token: string; id: number; pass: string }) {
  const { t } = useTranslation();
  const page = usePublicGuidelinePage(token, id, pass);
  if (page.isError) return <PageError error={page.error} onRetry={() => void page.refetch()} />;
  if (!page.data) return <Skeleton h={400} />;
  const p = page.data;
  const shown = currentLang() === 'es' && p.es ? p.es : p.content;
  const assets = new Map(p.assets.map((a) => [a.id, a]));
  const cover = p.cover_asset_id ? assets.get(p.cover_asset_id) : undefined;
  return (
    <Stack gap="lg" data-testid="guideline-page">
      <Title order={2}>{shown.title}</Title>
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

function Unlock({ token, onPass }: { token: string; onPass: (pass: string) => void }) {
  const { t } = useTranslation();
  const unlock = useUnlockGuidelines(token);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Paper withBorder radius="lg" p="xl" maw={420} mx="auto" mt="xl" shadow="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          unlock.mutate(password, {
            onSuccess: ({ pass }) => onPass(pass),
            onError: (err) => {
              const fields = (err as { fields?: Record<string, string> }).fields;
              if (fields?.password) setError(fields.password);
              else notifyError(err);
            },
          });
        }}
      >
        <Stack>
          <Title order={2} size="h4" ta="center">
            {t('share.protectedTitle')}
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            {t('guidelines.publicProtected')}
          </Text>
          <PasswordInput
            label={t('share.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            autoComplete="off"
            data-autofocus
            required
          />
          <Button type="submit" loading={unlock.isPending} fullWidth>
            {t('share.open')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
