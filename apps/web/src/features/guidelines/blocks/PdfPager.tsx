import { Box, Button, Group, Image, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** pdf.js on demand: about 400 kB the first screens never load, its worker a same-origin file. */
async function loadPdfjs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
  return pdfjs;
}

/**
 * A PDF paged through in place at the block's width: the preview shows while the document loads
 * and stays when it cannot be read, so a reader always sees its first page.
 */
export function PdfPager({ url, preview, alt }: { url: string; preview: string | null; alt: string }) {
  const { t } = useTranslation();
  const { ref: box, width } = useElementSize();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let gone = false;
    let loaded: PDFDocumentProxy | null = null;
    setDoc(null);
    setPage(1);
    setFailed(false);
    setDrawn(false);
    // No eval: the page policy allows only our own scripts.
    const task = loadPdfjs().then((pdfjs) => pdfjs.getDocument({ url, isEvalSupported: false }));
    task
      .then((t) => t.promise)
      .then((d) => {
        loaded = d;
        if (gone) void d.destroy();
        else setDoc(d);
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      void task.then((t) => t.destroy()).catch(() => undefined);
      void loaded?.destroy();
    };
  }, [url]);

  useEffect(() => {
    const el = canvas.current;
    if (!doc || !el || width <= 0) return;
    let render: RenderTask | null = null;
    let gone = false;
    void doc
      .getPage(page)
      .then((p) => {
        if (gone) return;
        // Drawn at device pixels and shown at the block's width, so text stays sharp on dense screens.
        const ratio = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: (width / p.getViewport({ scale: 1 }).width) * ratio });
        el.width = Math.floor(viewport.width);
        el.height = Math.floor(viewport.height);
        el.style.width = `${width}px`;
        el.style.height = `${viewport.height / ratio}px`;
        render = p.render({ canvas: el, viewport });
        return render.promise.then(() => !gone && setDrawn(true));
      })
      .catch((e: unknown) => {
        if ((e as { name?: string } | null)?.name !== 'RenderingCancelledException' && !gone) setFailed(true);
      });
    return () => {
      gone = true;
      render?.cancel();
    };
  }, [doc, page, width]);

  const pages = doc?.numPages ?? 0;
  const showCanvas = drawn && !failed;
  return (
    <Box ref={box}>
      {!showCanvas && preview && (
        <Image src={preview} alt={alt} radius="sm" fit="contain" mah={480} bg="gray.1" decoding="async" />
      )}
      <canvas ref={canvas} role="img" aria-label={alt} style={{ display: showCanvas ? 'block' : 'none' }} />
      {doc && !failed && (
        <Group gap="xs" mt={4} justify="center">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconChevronLeft size={14} />}
            disabled={page <= 1}
            onClick={() => setPage((n) => n - 1)}
          >
            {t('guidelines.pdfPrevious')}
          </Button>
          <Text size="sm" aria-live="polite">
            {t('guidelines.pdfPage', { page, pages })}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            rightSection={<IconChevronRight size={14} />}
            disabled={page >= pages}
            onClick={() => setPage((n) => n + 1)}
          >
            {t('guidelines.pdfNext')}
          </Button>
        </Group>
      )}
    </Box>
  );
}
