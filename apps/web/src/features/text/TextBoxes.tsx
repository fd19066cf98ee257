import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetText } from './api';

interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the picture is inside its element: the element's box narrowed to the contained image. */
function measure(el: HTMLImageElement): Frame {
  const w = el.offsetWidth;
  const h = el.offsetHeight;
  const s = el.naturalWidth > 0 && el.naturalHeight > 0 ? Math.min(w / el.naturalWidth, h / el.naturalHeight) : 0;
  const cw = s ? el.naturalWidth * s : w;
  const ch = s ? el.naturalHeight * s : h;
  return { left: el.offsetLeft + (w - cw) / 2, top: el.offsetTop + (h - ch) / 2, width: cw, height: ch };
}

function useFrame(image: HTMLImageElement | null) {
  const [frame, setFrame] = useState<Frame | null>(null);
  useLayoutEffect(() => {
    if (!image) return setFrame(null);
    const update = () => setFrame(measure(image));
    update();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(image);
    image.addEventListener('load', update);
    return () => {
      ro?.disconnect();
      image.removeEventListener('load', update);
    };
  }, [image]);
  return frame;
}

/**
 * The OCR line boxes of the first page over the picture shown (the preview or poster OCR read,
 * or a PDF's first page): the boxes are in the pixels OCR read, so a viewBox of that size over
 * the displayed picture scales them with it. Decorative: the panel lists the same text.
 */
export function TextBoxes({ assetId, image }: { assetId: number; image: HTMLImageElement | null }) {
  const { t } = useTranslation();
  const frame = useFrame(image);
  const page = useAssetText(assetId).data?.text.pages[0];
  if (!frame || !page?.width || !page.height || !page.lines.length) return null;
  return (
    <svg
      data-testid="text-boxes"
      aria-label={t('text.boxesLabel', { count: page.lines.length })}
      role="img"
      viewBox={`0 0 ${page.width} ${page.height}`}
      preserveAspectRatio="none"
      style={{ position: 'absolute', ...frame, pointerEvents: 'none' }}
    >
      {page.lines.map((l, i) => (
        <polygon
          key={i}
          points={l.box.map(([x, y]) => `${x},${y}`).join(' ')}
          fill="rgba(250, 176, 5, 0.18)"
          stroke="#fab005"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        >
          <title>{l.text}</title>
        </polygon>
      ))}
    </svg>
  );
}
