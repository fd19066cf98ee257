import { expect } from 'vitest';
import type { Dialect } from '../src/db/index.js';
import type { Client } from './harness.js';

/** Every page of a search of `folderId` in turn, `perPage` at a time, as the ids in order. */
export async function scrollSearch(
  c: Client,
  folderId: number,
  body: Record<string, unknown>,
  perPage: number,
): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; page < 100; page++) {
    const r = await c.post(`/api/ops/asset/list/all/${folderId}?per_page=${perPage}&page=${page}`, body);
    expect(r.statusCode, r.body).toBe(200);
    const items = (r.json() as { items: { id: number }[] }).items.map((i) => i.id);
    out.push(...items);
    if (items.length < perPage) break;
  }
  return out;
}

/** Asserts that a page's plan (queryPlan) walks `index` in order: read from the index alone, no sort step. */
export function expectIndexWalk(plan: string, index: string, dialect: Dialect, label: string): void {
  if (dialect === 'sqlite') {
    expect(plan, label).toMatch(new RegExp(`USING COVERING INDEX ${index}\\b`));
    expect(plan, label).not.toMatch(/TEMP B-TREE/);
  } else {
    expect(plan, label).toMatch(new RegExp(`Index Only Scan (Backward )?using ${index}\\b`));
    expect(plan, label).not.toMatch(/Sort/);
  }
}

/**
 * Asserts a sort's order page after page (7 and 200 a page), both ways, for the admin (every
 * row) and a guest (rows not `hidden`), in each scope: [label, folder id, recursive, rows kept].
 */
export async function expectOrderInScopes<R extends { hidden: boolean }>(
  attribute: string,
  who: { admin: Client; guest: Client },
  scopes: [string, number, boolean, (r: R) => boolean][],
  expected: (dir: 'asc' | 'desc', keep: (r: R) => boolean) => number[],
): Promise<void> {
  for (const [label, folder, recursive, keep] of scopes)
    for (const mode of ['asc', 'desc'] as const)
      for (const perPage of [7, 200]) {
        const body = { recursive, sort: { attribute, mode } };
        expect(await scrollSearch(who.admin, folder, body, perPage), `${label} ${mode} ${perPage}`).toEqual(
          expected(mode, keep),
        );
        expect(await scrollSearch(who.guest, folder, body, perPage), `guest ${label} ${mode} ${perPage}`).toEqual(
          expected(mode, (r) => keep(r) && !r.hidden),
        );
      }
}
