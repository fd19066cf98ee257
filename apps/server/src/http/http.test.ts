import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect, startApp } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('HTTP edges', () => {
  it('runs on the database the suite was asked for', () => {
    expect(t.built.handle.dialect).toBe(dialect);
  });

  it('answers health and carries a request id on every response', async () => {
    const r = await t.client().get('/api/health');
    expect(r.json()).toEqual({ status: 'ok' });
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with the catalogue 404 in the asked language', async () => {
    const c = t.client();
    c.lang = 'es';
    const r = await c.get('/api/nothing/here');
    expect(r.statusCode).toBe(404);
    expect(r.json().error.message).toMatch(/^No podemos encontrar el recurso/);
  });

  it('turns malformed JSON, wrong types and oversized bodies into 4xx without internals', async () => {
    const c = t.client();
    await c.csrf();
    const malformed = await c.req('POST', '/api/login', undefined, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': c.xsrf!, cookie: `XSRF-TOKEN=${c.xsrf}` },
    });
    expect(malformed.statusCode).toBe(422);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': c.xsrf!, cookie: `XSRF-TOKEN=${c.xsrf}` },
    });
    expect(raw.statusCode).toBe(422);
    expect(raw.body).not.toMatch(/SyntaxError|stack|node_modules|\.ts:\d/);
    const types = await c.post('/api/login', { email: 42, password: ['x'] });
    expect(types.statusCode).toBe(422);
    expect(types.json().error.fields).toEqual({
      email: 'Email must be text',
      password: 'Password must be text',
    });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json', 'x-xsrf-token': c.xsrf!, cookie: `XSRF-TOKEN=${c.xsrf}` },
    });
    expect(big.statusCode).toBe(413);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml', 'x-xsrf-token': c.xsrf!, cookie: `XSRF-TOKEN=${c.xsrf}` },
    });
    expect(xml.statusCode).toBe(415);
  });

  it('serves the OpenAPI document made from the contract', async () => {
    const doc = (await t.client().get('/api/docs')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/ops/users/{id}/edit'].patch.requestBody).toBeDefined();
    expect(doc.paths['/api/login'].post.responses['200']).toBeDefined();
  });
});
