import { describe, expect, it } from 'vitest';
import type { EventName } from './catalogue.js';
import { subscriptions } from './subscriptions.js';

/**
 * Every event of the catalogue, listed here so that tsc refuses a name the catalogue lacks and
 * this test one it has that is missing (`Record` needs every key).
 */
const catalogue: Record<EventName, true> = {
  'comment.created': true,
  'collection.shared': true,
  'asset.created': true,
  'asset.updated': true,
  'asset.removed': true,
  'asset.restored': true,
  'asset.version_created': true,
  'asset.expired': true,
  'download.completed': true,
  'user.approved': true,
  'sync.run_finished': true,
  'template_import.applied': true,
};

describe('the event catalogue', () => {
  it('has a subscriber for every event (an event nobody reacts to is removed, not kept)', () => {
    const subscribed = new Set(subscriptions.map((s) => s.event));
    expect(Object.keys(catalogue).filter((e) => !subscribed.has(e as EventName))).toEqual([]);
  });

  it('subscribes only to events of the catalogue', () => {
    expect(subscriptions.filter((s) => !(s.event in catalogue)).map((s) => s.event)).toEqual([]);
  });
});
