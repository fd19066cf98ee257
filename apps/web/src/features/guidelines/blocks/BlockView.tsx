import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  CopyButton,
  Divider,
  Group,
  Image,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconCopy,
  IconExternalLink,
  IconInfoCircle,
  IconPhotoOff,
  IconX,
} from '@tabler/icons-react';
import type { CropPreset, GuidelineAsset, GuidelineBlock, GuidelineColour, RichNode } from '@brandvault/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { AssetDownloads } from './AssetDownloads';
import { contrast, hexToRgb, wcagLevel } from './colour';
import { PdfPager } from './PdfPager';

export type AssetMap = Map<number, GuidelineAsset>;
type Span = { text: string; bold?: boolean; italic?: boolean; href?: string };

/** Rich text as React elements: the text is always text, links open web or mail addresses only. */
function Spans({ spans }: { spans: Span[] }) {
  return (
    <>
      {spans.map((s, i) => {
        let el: ReactNode = s.text;
        if (s.bold) el = <strong>{el}</strong>;
        if (s.italic) el = <em>{el}</em>;
        if (s.href)
          el = (
            <Anchor href={s.href} target="_blank" rel="noopener noreferrer">
              {el}
            </Anchor>
          );
        return <span key={i}>{el}</span>;
      })}
    </>
  );
}

function RichText({ nodes }: { nodes: RichNode[] }) {
  return (
    <Stack gap="xs">
      {nodes.map((n, i) =>
        n.type === 'heading' ? (
          <Title key={i} order={n.level}>
            <Spans spans={n.spans} />
          </Title>
        ) : n.type === 'list' ? (
          <List key={i} type={n.ordered ? 'ordered' : 'unordered'}>
            {n.items.map((item, k) => (
              <List.Item key={k}>
                <Spans spans={item} />
              </List.Item>
            ))}
          </List>
        ) : (
          <Text key={i}>
            <Spans spans={n.spans} />
          </Text>
        ),
      )}
    </Stack>
  );
}

/** What readers see where an asset is missing for them, and editors see with the reason. */
export function Unavailable({ asset }: { asset: GuidelineAsset | undefined }) {
  const { t } = useTranslation();
  const warning = asset?.warning && asset.warning !== 'private' ? asset.warning : null;
  return (
    <Card withBorder bg="gray.0" p="md" data-testid="guideline-unavailable">
      <Group gap="xs" wrap="nowrap">
        <IconPhotoOff size={20} aria-hidden />
        <Text size="sm" c="dimmed">
          {warning
            ? t(`guidelines.warning.${warning}`, { name: asset?.name ?? '' })
            : asset?.placeholder === 'withdrawn'
              ? t('guidelines.withdrawn')
              : t('guidelines.unavailable')}
        </Text>
      </Group>
    </Card>
  );
}

/** Editors only: an asset some readers cannot see (PRIVATE) says so under it. */
function PrivateNote({ asset }: { asset: GuidelineAsset | undefined }) {
  const { t } = useTranslation();
  if (asset?.warning !== 'private') return null;
  return (
    <Text size="xs" c="orange.8">
      {t('guidelines.warning.private')}
    </Text>
  );
}

/** A block's picture: contained on a grey ground, loaded once it nears the screen. */
function Shown({ src, alt }: { src: string; alt: string }) {
  return <Image src={src} alt={alt} radius="sm" fit="contain" mah={480} bg="gray.1" loading="lazy" decoding="async" />;
}

function Picture({ asset, caption }: { asset: GuidelineAsset | undefined; caption?: string | null | undefined }) {
  if (!asset?.available) return <Unavailable asset={asset} />;
  const src = asset.preview_url ?? asset.thumbnail_url;
  return (
    <Stack gap={4}>
      {src ? <Shown src={src} alt={caption ?? asset.name ?? ''} /> : <Text size="sm">{asset.name}</Text>}
      <PrivateNote asset={asset} />
      {caption && (
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
      )}
    </Stack>
  );
}

function Ratio({ hex, against, label }: { hex: string; against: string; label: string }) {
  const { t } = useTranslation();
  const ratio = contrast(hex, against);
  const level = wcagLevel(ratio);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs">
        {label} {formatNumber(Math.round(ratio * 100) / 100)}:1
      </Text>
      <Badge size="xs" variant="light" color={level === 'fail' ? 'red' : 'green'}>
        {t(`guidelines.wcag.${level}`)}
      </Badge>
    </Group>
  );
}

/**
 * A value copied on a click, which then says so beside it. No tooltip: a palette block holds up to
 * 48 colours of 4 values, and a tooltip each was a large part of a long page's render.
 */
function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <UnstyledButton
          onClick={copy}
          title={t('guidelines.copy', { value })}
          aria-label={t('guidelines.copyNamed', { label, value })}
        >
          <Group gap={4} wrap="nowrap">
            <Text size="sm" ff="monospace">
              {label} {value}
            </Text>
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            {copied && (
              <Text size="xs" c="green.8" role="status">
                {t('guidelines.copied')}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      )}
    </CopyButton>
  );
}

function Colour({ c }: { c: GuidelineColour }) {
  const { t } = useTranslation();
  const rgb = c.rgb ?? hexToRgb(c.hex);
  return (
    <Card withBorder p={0} radius="md">
      <Box h={96} style={{ background: c.hex }} aria-hidden />
      <Stack gap={2} p="sm">
        <Text fw={600}>{c.name}</Text>
        <CopyValue label="HEX" value={c.hex.toUpperCase()} />
        <CopyValue label="RGB" value={rgb.join(', ')} />
        {c.cmyk && <CopyValue label="CMYK" value={c.cmyk.join(', ')} />}
        {c.pantone && <CopyValue label="Pantone" value={c.pantone} />}
        <Ratio hex={c.hex} against="#FFFFFF" label={t('guidelines.onWhite')} />
        <Ratio hex={c.hex} against="#000000" label={t('guidelines.onBlack')} />
      </Stack>
    </Card>
  );
}

/** One block as readers see it; `assets` holds what the page answer says of each asset. */
export function BlockView({
  block,
  assets,
  presets = [],
}: {
  block: GuidelineBlock;
  assets: AssetMap;
  presets?: readonly CropPreset[];
}) {
  const { t } = useTranslation();
  switch (block.type) {
    case 'text':
      return <RichText nodes={block.nodes} />;
    case 'image':
      return <Picture asset={assets.get(block.asset_id)} caption={block.caption} />;
    case 'video': {
      const a = assets.get(block.asset_id);
      return a?.available ? <VideoView asset={a} caption={block.caption} /> : <Unavailable asset={a} />;
    }
    case 'pdf': {
      const a = assets.get(block.asset_id);
      return a?.available ? <PdfView asset={a} caption={block.caption} /> : <Unavailable asset={a} />;
    }
    case 'assets':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {block.asset_ids.map((id) => {
            const a = assets.get(id);
            return a?.available ? (
              <Card key={id} withBorder p="sm">
                <Stack gap="xs">
                  {a.thumbnail_url && (
                    <Image
                      src={a.thumbnail_url}
                      alt=""
                      h={140}
                      fit="contain"
                      bg="gray.1"
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  <Text size="sm" fw={500} truncate title={a.name ?? ''}>
                    {a.name}
                  </Text>
                  <PrivateNote asset={a} />
                  <AssetDownloads asset={a} offers={block.downloads} presets={presets} />
                </Stack>
              </Card>
            ) : (
              <Unavailable key={id} asset={a} />
            );
          })}
        </SimpleGrid>
      );
    case 'palette':
      return (
        <Stack gap="sm">
          {block.title && <Title order={3}>{block.title}</Title>}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {block.colours.map((c, i) => (
              <Colour key={i} c={c} />
            ))}
          </SimpleGrid>
        </Stack>
      );
    case 'typography': {
      const font = block.font_asset_id ? assets.get(block.font_asset_id) : undefined;
      return (
        <Card withBorder p="md">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={3}>{block.font_name}</Title>
              {font?.available && <AssetDownloads asset={font} offers={['original']} />}
            </Group>
            {block.weights.map((w) => (
              <Text key={w} size="xl" fw={w} style={{ fontFamily: `"${block.font_name}", inherit` }}>
                {w} · {block.sample}
              </Text>
            ))}
            {font && !font.available && <Unavailable asset={font} />}
          </Stack>
        </Card>
      );
    }
    case 'dodont':
      return (
        <Stack gap="md">
          {block.pairs.map((p, i) => (
            <SimpleGrid key={i} cols={{ base: 1, xs: 2 }}>
              <Stack gap={4}>
                <Group gap={4} c="green.8">
                  <IconCircleCheck size={18} aria-hidden />
                  <Text fw={600}>{t('guidelines.do')}</Text>
                </Group>
                <Picture asset={assets.get(p.do.asset_id)} caption={p.do.caption} />
              </Stack>
              <Stack gap={4}>
                <Group gap={4} c="red.8">
                  <IconX size={18} aria-hidden />
                  <Text fw={600}>{t('guidelines.dont')}</Text>
                </Group>
                <Picture asset={assets.get(p.dont.asset_id)} caption={p.dont.caption} />
              </Stack>
            </SimpleGrid>
          ))}
        </Stack>
      );
    case 'callout':
      return (
        <Alert
          color={block.tone === 'warning' ? 'orange' : block.tone === 'success' ? 'green' : 'blue'}
          icon={block.tone === 'warning' ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
        >
          <Text style={{ whiteSpace: 'pre-wrap' }}>{block.text}</Text>
        </Alert>
      );
    case 'divider':
      return <Divider my="sm" />;
  }
}

function VideoView({ asset, caption }: { asset: GuidelineAsset; caption?: string | null | undefined }) {
  return (
    <Stack gap={4}>
      <AssetDownloads
        asset={asset}
        offers={['original']}
        render={(url) => (url ? <video src={url} controls style={{ width: '100%', maxHeight: 480 }} /> : null)}
      />
      {caption && (
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A PDF as its first page's preview and a button that opens it in a tab: the page policy frames
 * nothing (frame-src 'none'), so an embedded viewer stayed an empty box.
 */
function PdfView({ asset, caption }: { asset: GuidelineAsset; caption?: string | null | undefined }) {
  const { t } = useTranslation();
  const src = asset.preview_url ?? asset.thumbnail_url;
  const alt = caption ?? asset.name ?? '';
  // Read in place only from an original the reader may fetch now (terms confirmed, not blocked).
  const readable = asset.download?.state === 'ready' ? asset.download.url : null;
  return (
    <Stack gap={4}>
      {readable ? (
        <PdfPager url={`${readable}&disposition=inline`} preview={src} alt={alt} />
      ) : (
        src && <Shown src={src} alt={alt} />
      )}
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {asset.name}
        </Text>
        {asset.download?.url && (
          <Button
            component="a"
            href={`${asset.download.url}&disposition=inline`}
            target="_blank"
            rel="noopener noreferrer"
            size="compact-sm"
            variant="light"
            leftSection={<IconExternalLink size={14} />}
          >
            {t('guidelines.openPdf')}
          </Button>
        )}
      </Group>
      {caption && (
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
      )}
    </Stack>
  );
}
