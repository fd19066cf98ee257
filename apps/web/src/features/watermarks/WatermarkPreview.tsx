import type { CSSProperties } from 'react';
import { Box, Text } from '@mantine/core';
import type { WatermarkPosition } from '@brandvault/contract';
import classes from './Watermark.module.css';

interface Props {
  /** The brand's picture, when it has one; a neutral backdrop otherwise. */
  backdrop: string | null;
  /** The mark: an image address, or null for the brand's name as text. */
  image: string | null;
  text: string;
  position: WatermarkPosition;
  opacity: number;
  scale: number;
}

const PLACE: Record<Exclude<WatermarkPosition, 'tiled'>, CSSProperties> = {
  center: { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' },
  'top-left': { top: '3%', left: '3%' },
  'top-right': { top: '3%', right: '3%' },
  'bottom-left': { bottom: '3%', left: '3%' },
  'bottom-right': { bottom: '3%', right: '3%' },
};

/**
 * The mark over a 16:9 picture as the server draws it: its width is `scale` percent of the
 * shorter side (the height here, so 9/16 of that in percent of the width), faded to `opacity`.
 */
export function WatermarkPreview({ backdrop, image, text, position, opacity, scale }: Props) {
  // A text mark is as wide as the brand's name (the server fits it the same way); an image scales.
  const width = image ? `${(scale * 9) / 16}%` : undefined;
  const fade = { opacity: opacity / 100 };
  const mark = image ? (
    <img src={image} alt="" className={classes.markImage} />
  ) : (
    <Text span className={classes.markText} fz={{ base: 'xs', sm: 'sm' }}>
      {text}
    </Text>
  );
  return (
    <Box
      className={classes.preview}
      style={backdrop ? { backgroundImage: `url("${backdrop}")` } : undefined}
      role="img"
      aria-label={text}
      data-position={position}
    >
      {position === 'tiled' ? (
        <div className={classes.tiles} style={fade}>
          {Array.from({ length: 12 }, (_, i) => (
            <div key={i} className={classes.tile} style={{ width }}>
              {mark}
            </div>
          ))}
        </div>
      ) : (
        <div className={classes.single} style={{ ...PLACE[position], width, ...fade }}>
          {mark}
        </div>
      )}
    </Box>
  );
}
