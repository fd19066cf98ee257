import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('default paths', () => {
  it('serves the web app built beside the server (apps/web/dist), wherever config.ts sits', () => {
    const webDist = loadConfig({}).webDist;
    expect(webDist).toBe(resolve(new URL('../../..', import.meta.url).pathname, 'web/dist'));
    // The folder that holds apps/web's package.json: the web app's own build goes there.
    expect(existsSync(join(webDist, '..', 'package.json'))).toBe(true);
  });
});
