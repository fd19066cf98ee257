import { describe, expect, it } from 'vitest';
import { pollingBroker } from './notifications.broker.js';

/** Rows "committed" by the test: the source answers what a `where id > last or id in (gaps)` would. */
function fakeSource(start = 10) {
  const rows: { id: number; user_id: number }[] = [];
  let polls = 0;
  return {
    rows,
    get polls() {
      return polls;
    },
    latest: async () => start,
    since: async (after: number, also: number[], limit: number) => {
      polls += 1;
      return rows
        .filter((r) => r.id > after || also.includes(r.id))
        .sort((a, b) => a.id - b.id)
        .slice(0, limit);
    },
  };
}
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the database broker', () => {
  it("tells each user's listeners of their rows, and an id committed late, out of order", async () => {
    const src = fakeSource();
    const broker = pollingBroker(src, { intervalMs: 10 });
    const heard: [string, number][] = [];
    const offA = await broker.subscribe(1, (id) => heard.push(['a', id]));
    const offB = await broker.subscribe(2, (id) => heard.push(['b', id]));
    src.rows.push({ id: 12, user_id: 1 }, { id: 13, user_id: 2 }, { id: 14, user_id: 3 });
    await tick(40);
    // 11 was taken first but commits last (PostgreSQL): the gap is looked at again.
    src.rows.push({ id: 11, user_id: 2 });
    await tick(40);
    expect(heard).toEqual([
      ['a', 12],
      ['b', 13],
      ['b', 11],
    ]);
    offA();
    offB();
    broker.close();
  });

  it('polls only while someone listens, and at once when told of a row of a listener', async () => {
    const src = fakeSource();
    const broker = pollingBroker(src, { intervalMs: 10_000 });
    await tick(20);
    expect(src.polls).toBe(0);
    const heard: number[] = [];
    const off = await broker.subscribe(5, (id) => heard.push(id));
    src.rows.push({ id: 11, user_id: 5 });
    broker.publish(5, 11);
    await tick(20);
    expect(heard).toEqual([11]);
    off();
    const polls = src.polls;
    broker.publish(5, 12);
    await tick(20);
    expect(src.polls).toBe(polls);
    broker.close();
  });
});
