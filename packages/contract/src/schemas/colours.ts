/**
 * The plain colour words dominant colours are named with (issue 42 §4): the same on the server,
 * which writes them into what search finds an image by, and in the browser, which names swatches.
 */
export const COLOUR_NAMES = [
  'black',
  'white',
  'grey',
  'red',
  'orange',
  'yellow',
  'green',
  'cyan',
  'blue',
  'purple',
  'pink',
  'brown',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/**
 * The words search finds a colour by, in English and Spanish (grey is also "gray", the US
 * spelling; brown is "marrón" and "café"; purple is "morado" and "violeta").
 */
export const COLOUR_WORDS: Record<ColourName, readonly string[]> = {
  black: ['black', 'negro'],
  white: ['white', 'blanco'],
  grey: ['grey', 'gray', 'gris'],
  red: ['red', 'rojo'],
  orange: ['orange', 'naranja'],
  yellow: ['yellow', 'amarillo'],
  green: ['green', 'verde'],
  cyan: ['cyan', 'cian', 'turquesa'],
  blue: ['blue', 'azul'],
  purple: ['purple', 'morado', 'violeta'],
  pink: ['pink', 'rosa'],
  brown: ['brown', 'marrón', 'café'],
};

/** A colour names an image (search words, the swatch filter) when it covers at least this share. */
export const COLOUR_MIN_SHARE = 0.1;

/** A colour word for a hex value, from its hue, saturation and lightness, so a swatch can be named aloud. */
export function colourName(hex: string): ColourName {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d < 0.08) return l < 0.2 ? 'black' : l > 0.85 ? 'white' : 'grey';
  if (l < 0.1) return 'black';
  if (l > 0.95) return 'white';
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + 360) % 360;
  if (h < 15 || h >= 345) return l > 0.7 ? 'pink' : 'red';
  if (h < 45) return l < 0.4 ? 'brown' : 'orange';
  if (h < 70) return 'yellow';
  if (h < 165) return 'green';
  if (h < 200) return 'cyan';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return 'pink';
}

/** The colour names of an image's dominant colours that cover a meaningful share, most first. */
export function namedColours(colours: readonly { hex: string; share: number }[]): ColourName[] {
  const share = new Map<ColourName, number>();
  for (const c of colours) share.set(colourName(c.hex), (share.get(colourName(c.hex)) ?? 0) + c.share);
  return [...share]
    .filter(([, s]) => s >= COLOUR_MIN_SHARE)
    .sort((a, b) => b[1] - a[1])
    .map(([n]) => n);
}
