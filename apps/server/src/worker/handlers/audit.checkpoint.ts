import { chainKey } from '../../modules/audit/audit.chain.js';
import { writeCheckpoint } from '../../modules/audit/audit.checkpoints.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Anchors the audit chain outside the database: its head, signed with the chain key, as an object
 * in the blob store (object-locked on S3 when AUDIT_LOCK_DAYS is set). Verify checks the chain
 * against every checkpoint, so a rewrite or a cut tail behind one is found even by a writer who
 * could re-link the rows.
 */
export const auditCheckpoint = defineHandler({
  schema: jobSchemas['audit.checkpoint'],
  async run({ lockDays, lockMode }, { repos, storage, clock, appKey }) {
    if (!storage) throw new PermanentJobError('audit.checkpoint needs the blob store');
    const cp = await writeCheckpoint(
      { repos, storage, clock, key: chainKey(appKey) },
      { days: lockDays, mode: lockMode },
    );
    return cp ? { seq: cp.seq } : { seq: null };
  },
});
