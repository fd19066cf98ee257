import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';

/** A small client over the generated types: it compiles only if the types say what the API does. */
const CLIENT = `
import type { components, paths } from './api';

type Tree = paths['/api/ops/folder/tree']['get']['responses'][200]['content']['application/json'];
type Node = components['schemas']['FolderNode'];
const names = (n: Node): string[] => [n.name, ...n.children.flatMap(names)];

type Fetch = (url: string, init: { headers: Record<string, string> }) => Promise<{ json(): Promise<unknown> }>;
export async function folderNames(fetch: Fetch, base: string, token: string): Promise<string[]> {
  const r = await fetch(base + '/api/ops/folder/tree', { headers: { authorization: 'Bearer ' + token } });
  const tree = (await r.json()) as Tree;
  return names(tree.root);
}

type VersionForm = paths['/api/ops/asset/version/new']['post']['requestBody']['content']['multipart/form-data'];
export const form: VersionForm = { asset_id: 7, file: 'bytes' };
type Finished = paths['/api/uploads/{id}']['patch']['responses'][200]['content']['application/json'];
export const finished: Finished['status'] = 'created';
type Offset = paths['/api/uploads/{id}']['head']['parameters']['header']['Tus-Resumable'];
export const version: Offset = '1.0.0';
`;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await startApp();
  dir = mkdtempSync(join(tmpdir(), 'bv-openapi-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('is valid for swagger-parser, and openapi-typescript makes types a client compiles against', async () => {
    const served = (await t.client().get('/api/docs')).json();
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    // validate() resolves references in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(served))).resolves.toBeTruthy();
    const text = JSON.stringify(served);
    expect(text).not.toContain('#/$defs/');
    // Multipart routes describe their parts; the tus endpoint is there.
    const brand = served.paths['/api/ops/brand/create'].post.requestBody.content['multipart/form-data'].schema;
    expect(brand.properties.logo).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(served.paths['/api/uploads/{id}']).sort()).toEqual(['delete', 'head', 'patch']);

    const { default: openapiTS, astToString } = await import('openapi-typescript');
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(served)));
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    const { default: ts } = await import('typescript');
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      // No DOM library (a few seconds to load): the client brings its own fetch type.
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);
});
