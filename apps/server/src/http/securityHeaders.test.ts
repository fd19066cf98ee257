import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_PATH } from '@brandvault/contract';
import { adminClient, startApp } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';

/** A stand-in for the built web app, so the server answers pages as it does in production. */
function fakeWebDist() {
  const dir = mkdtempSync(join(tmpdir(), 'bv-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Brandvault</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {};');
  return dir;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined) {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string).split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe('security headers', () => {
  const web = fakeWebDist();
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    t = await startApp({ WEB_DIST: web });
    https = await startApp({ WEB_DIST: web, APP_URL: 'https://app.test' });
  });
  afterAll(async () => {
    await t?.close();
    await https?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('gives a client route of the web app a strict CSP, no framing and a permissions policy', async () => {
    for (const url of ['/brand', '/', '/brand/asset/12']) {
      const r = await t.client().get(url);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(r.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(r.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
      expect(r.headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)/);
      expect(r.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)/);
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends no referrer from pages whose address carries a token', async () => {
    for (const url of [
      '/password/reset?token=secret&email=a%40example.com',
      '/email/verify?id=1&hash=abc&expires=1&signature=def',
      '/collections/shared/3/using/link-token',
      '/collections/shared/3/public/using/link-token',
      '/upload/request-token',
    ]) {
      const r = await t.client().get(url);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['referrer-policy'], url).toBe('no-referrer');
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const login = await t.client().get('/login');
    expect(login.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('marks every answer nosniff: API JSON, API errors, tus and the web app files', async () => {
    const health = await t.client().get('/api/health');
    expect(health.headers['content-type']).toMatch(/^application\/json/);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(health.headers['strict-transport-security']).toBeUndefined();

    const missing = await t.client().get('/api/nothing/here');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');

    // tus writes its answers itself (a hijacked reply): the header was set before it took over.
    const admin = await adminClient(t);
    const tus = await admin.req('POST', TUS_PATH, undefined, { headers: { 'tus-resumable': '1.0.0' } });
    expect(tus.statusCode).toBe(400);
    expect(tus.headers['tus-resumable']).toBe('1.0.0');
    expect(tus.headers['x-content-type-options']).toBe('nosniff');

    const script = await t.client().get('/assets/app.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the page policy off the build files, and on the page answered for a missing one', async () => {
    const script = await t.client().get('/assets/app.js');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['permissions-policy']).toBeUndefined();
    const missing = await t.client().get('/assets/gone-1234.js');
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(directives(missing.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    expect(missing.headers['x-frame-options']).toBe('DENY');
    expect(missing.headers['permissions-policy']).toMatch(/camera=\(\)/);
  });

  it('sends HSTS only when the public address is https', async () => {
    for (const url of ['/api/health', '/brand']) {
      const r = await https.client().get(url);
      expect(r.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    const page = await https.client().get('/brand');
    expect(directives(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});
