import { Button, Card, CopyButton, Group, Pagination, ScrollArea, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import type { AssetText } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { saveAssetText, useAssetText } from './api';

interface Props {
  assetId: number;
  assetName: string;
  /** The line boxes are drawn over the picture on the page. */
  showBoxes: boolean;
  onShowBoxes: (show: boolean) => void;
}

/**
 * "Text found in this file" (issue 42 §1): the text OCR or the document reader found, to select,
 * copy or download, page by page for documents, with a switch that draws the line boxes over the
 * picture. Hidden for files whose text is never read (audio, archives).
 */
export function TextPanel({ assetId, assetName, showBoxes, onShowBoxes }: Props) {
  const { t } = useTranslation();
  const query = useAssetText(assetId);
  const text = query.data?.text;
  if (text?.state === 'none') return null;
  const boxes = !!text?.pages[0]?.width && !!text.pages[0].lines.length;
  return (
    <Card component="section" aria-labelledby="asset-text" withBorder>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="md" id="asset-text">
          {t('text.title')}
        </Title>
        {boxes && (
          <Switch
            size="sm"
            label={t('text.showBoxes')}
            checked={showBoxes}
            onChange={(e) => onShowBoxes(e.currentTarget.checked)}
          />
        )}
      </Group>
      {!text ? (
        <Text size="sm" c="dimmed">
          {query.isError ? t('text.loadFailed') : t('text.loading')}
        </Text>
      ) : (
        <Body text={text} assetId={assetId} assetName={assetName} />
      )}
    </Card>
  );
}

function Body({ text, assetId, assetName }: { text: AssetText; assetId: number; assetName: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  if (text.state === 'pending')
    return (
      <Text size="sm" c="dimmed">
        {t('text.pending')}
      </Text>
    );
  if (text.state === 'failed' || text.state === 'skipped')
    return (
      <Text size="sm" c="dimmed">
        {t(`text.${whyNotRead(text)}`)}
      </Text>
    );
  if (!text.text.trim())
    return (
      <Text size="sm" c="dimmed">
        {t('text.none')}
      </Text>
    );
  const pages = text.pages.filter((p) => p.text.trim());
  const shown = pages[Math.min(page, pages.length) - 1] ?? pages[0]!;
  const save = () => void saveAssetText(assetId, assetName).catch((err: unknown) => notifyError(err));
  return (
    <Stack gap="sm">
      {pages.length > 1 && (
        <Text size="xs" c="dimmed">
          {t('text.pageOf', { page: shown.page, count: pages.length })}
        </Text>
      )}
      <ScrollArea.Autosize mah={280} type="auto">
        {/* Rendered as text, never as markup; pre-wrap keeps the lines OCR and the reader found. */}
        <Text
          component="pre"
          size="sm"
          m={0}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', userSelect: 'text' }}
          data-testid="found-text"
        >
          {shown.text}
        </Text>
      </ScrollArea.Autosize>
      {pages.length > 1 && (
        <Pagination size="sm" total={pages.length} value={page} onChange={setPage} aria-label={t('text.pages')} />
      )}
      <Group gap="xs" wrap="wrap">
        <CopyButton value={text.text}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
            >
              {copied ? t('text.copied') : t('text.copy')}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={save}>
          {t('text.download')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The stored reason is the reader's own English note ("turned off", "too large: …", a decoder's
 * error): people read it in their language, without the technical detail.
 */
function whyNotRead(text: AssetText): 'turnedOff' | 'tooLarge' | 'failed' | 'skipped' {
  if (text.reason === 'turned off') return 'turnedOff';
  if (text.reason?.startsWith('too large')) return 'tooLarge';
  return text.state === 'failed' ? 'failed' : 'skipped';
}
