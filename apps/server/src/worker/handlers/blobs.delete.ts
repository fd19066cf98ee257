import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Deletes stored files whose rows are gone (a removed folder subtree). A key still used by another
 * asset or version (a copy, a restored version) is kept. Deleting twice is harmless.
 */
export const blobsDelete = defineHandler({
  schema: jobSchemas['blobs.delete'],
  async run({ keys }, { storage, repos }) {
    if (!storage) throw new PermanentJobError('blobs.delete needs the blob store');
    const inUse = await repos.assets.referencedKeys(keys);
    for (const key of keys) if (!inUse.has(key)) await storage.delete(key);
  },
});
