import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { warnAboutMissingTools } from './media/index.js';

const config = loadConfig();
const built = await buildApp(config);
await built.app.listen({ port: config.port, host: config.host });
built.app.log.info(`Brandvault is ready on ${config.appUrl}`);
// One warning at start when ffmpeg, poppler or heif-convert is missing: those assets keep their icon.
void warnAboutMissingTools(built.app.log);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    built.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
