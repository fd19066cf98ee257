import { z } from 'zod';
import { PermanentJobError } from '../errors.js';
import { defineHandler } from '../types.js';

/** Deletes stored files whose rows are gone (a removed folder subtree). Deleting twice is harmless. */
export const blobsDelete = defineHandler({
  schema: z.object({ keys: z.array(z.string().min(1)).min(1).max(1000) }),
  async run({ keys }, { storage }) {
    if (!storage) throw new PermanentJobError('blobs.delete needs the blob store');
    for (const key of keys) await storage.delete(key);
  },
});
