// `npm run audit:verify -w apps/server`: walks the audit chain of the configured database
// (DATABASE_URL, else DATA_DIR's SQLite file) and names the first entry that does not hold.
import { loadConfig } from '../config.js';
import { openDb } from '../db/index.js';
import { verifyAuditChain } from '../modules/audit/audit.verify.js';

const config = loadConfig();
const handle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const r = await verifyAuditChain(handle.db);
  if (r.ok) {
    console.log(`Audit log intact: ${r.entries} entries, head ${r.headHash}`);
  } else {
    console.error(`Audit log broken at entry ${r.seq} (${r.problem}): ${r.detail}`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
