import { z } from 'zod';
import { makeRepos } from '../../repos.js';
import { PermanentJobError } from '../errors.js';
import { defineHandler } from '../types.js';

/**
 * Deletes stored files whose rows are gone (a removed folder subtree). A key still used by another
 * asset or version (a copy, a restored version) is kept. Deleting twice is harmless.
 */
export const blobsDelete = defineHandler({
  schema: z.object({ keys: z.array(z.string().min(1)).min(1).max(1000) }),
  async run({ keys }, { storage, db }) {
    if (!storage) throw new PermanentJobError('blobs.delete needs the blob store');
    const inUse = await makeRepos(db).assets.referencedKeys(keys);
    for (const key of keys) if (!inUse.has(key)) await storage.delete(key);
  },
});
