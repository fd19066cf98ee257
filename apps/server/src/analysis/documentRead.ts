import { DocumentRefused } from './documentPages.js';
import type { DocumentText } from './documents.js';
import { officeText } from './officeText.js';
import { pdfText } from './pdfText.js';
import type { PdfOptions } from './pdfText.js';

/**
 * Reads a document in the analysis thread (thread.worker.ts). A file we refuse or cannot parse
 * answers its state and reason; only a crash of the thread itself or the host's timeout is left
 * to the host.
 */
export async function readDocumentHere(path: string, ext: string, opts: PdfOptions): Promise<DocumentText> {
  try {
    return ext === 'pdf' ? await pdfText(path, opts) : await officeText(path, ext, opts.deadline);
  } catch (err) {
    if (err instanceof DocumentRefused) return { state: err.state, reason: err.reason };
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') return { state: 'failed', reason: 'file not found' };
    return { state: 'failed', reason: `unreadable: ${e.message}` };
  }
}
