import { z } from 'zod';

/**
 * In a browser, zod validates without generated code: its code generation probes `new Function`,
 * which the app's Content-Security-Policy (script-src 'self') refuses and reports. It must run
 * before any schema is made, hence the first import of the contract's index; the server keeps the
 * faster generated validators.
 */
if ('document' in globalThis) z.config({ jitless: true });
