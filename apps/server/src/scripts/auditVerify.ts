// `npm run audit:verify -w apps/server`: walks the audit chain of the configured database
// (DATABASE_URL, else DATA_DIR's SQLite file) against the checkpoints in the blob store, keyed with
// APP_KEY when it is set, and names the first entry that does not hold.
import { loadConfig } from '../config/config.js';
import { openDb } from '../db/index.js';
import { chainKey } from '../modules/audit/audit.chain.js';
import { verifyAuditChain } from '../modules/audit/audit.verify.js';
import { makeRepos } from '../repos.js';
import { createBlobStore } from '../storage/index.js';

const config = loadConfig();
const handle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const storage = await createBlobStore(config.storage);
try {
  const r = await verifyAuditChain(makeRepos(handle.db), { key: chainKey(config.appKey), storage });
  if (r.ok) {
    console.log(
      `Audit log intact: ${r.entries} entries, head ${r.headHash}, ` +
        `${r.keyed ? 'keyed entries checked with APP_KEY' : 'not keyed (set APP_KEY to key new entries)'}, ` +
        `${r.checkpoints} checkpoints agree`,
    );
  } else {
    console.error(`Audit log broken at entry ${r.seq} (${r.problem}): ${r.detail}`);
    process.exitCode = 1;
  }
} finally {
  await storage.close();
  await handle.close();
}
