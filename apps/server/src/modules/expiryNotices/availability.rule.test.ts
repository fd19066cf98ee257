import { describe, expect, it } from 'vitest';
import { addDays, availabilityOf, daysBetween } from '../availability/availability.rule.js';
import type { Window } from '../availability/availability.rule.js';
import { noticeThreshold } from './expiryNotices.js';

const today = '2027-03-12';
const own = (from: string | null, until: string | null): Window => ({ reason: { kind: 'asset' }, from, until });
const licence = (id: number, from: string | null, until: string | null): Window => ({
  reason: { kind: 'licence', id, name: `L${id}` },
  from,
  until,
});
const consent = (id: number, until: string | null): Window => ({
  reason: { kind: 'consent', id, name: `P${id}` },
  from: null,
  until,
});

describe('availabilityOf', () => {
  it('is available forever without dates', () => {
    expect(availabilityOf([own(null, null)], today, 30)).toEqual({
      availability: 'available',
      date: null,
      reason: null,
    });
    expect(availabilityOf([], today, 30).availability).toBe('available');
  });

  it("follows the asset's own window, both ends inclusive", () => {
    expect(availabilityOf([own('2027-03-13', null)], today, 30)).toEqual({
      availability: 'embargoed',
      date: '2027-03-13',
      reason: { kind: 'asset' },
    });
    expect(availabilityOf([own('2027-03-12', null)], today, 30).availability).toBe('available');
    expect(availabilityOf([own(null, '2027-03-12')], today, 30)).toEqual({
      availability: 'expiring',
      date: '2027-03-12',
      reason: { kind: 'asset' },
    });
    expect(availabilityOf([own(null, '2027-03-11')], today, 30)).toEqual({
      availability: 'expired',
      date: '2027-03-11',
      reason: { kind: 'asset' },
    });
  });

  it('counts the warning window in days before the last day', () => {
    expect(availabilityOf([own(null, addDays(today, 30))], today, 30).availability).toBe('expiring');
    expect(availabilityOf([own(null, addDays(today, 31))], today, 30)).toEqual({
      availability: 'available',
      date: addDays(today, 31),
      reason: { kind: 'asset' },
    });
    expect(availabilityOf([own(null, addDays(today, 7))], today, 7).availability).toBe('expiring');
    expect(availabilityOf([own(null, addDays(today, 8))], today, 7).availability).toBe('available');
  });

  it('takes the earliest end of the asset, its licences and consents, and names it', () => {
    const w = [own(null, '2027-12-31'), licence(1, null, '2027-03-20'), consent(2, '2027-06-01')];
    expect(availabilityOf(w, today, 30)).toEqual({
      availability: 'expiring',
      date: '2027-03-20',
      reason: { kind: 'licence', id: 1, name: 'L1' },
    });
    expect(availabilityOf([licence(1, null, '2028-01-01'), consent(2, '2027-03-01')], today, 30)).toEqual({
      availability: 'expired',
      date: '2027-03-01',
      reason: { kind: 'consent', id: 2, name: 'P2' },
    });
    expect(availabilityOf([licence(1, null, '2028-01-01'), consent(2, '2028-06-01')], today, 30)).toEqual({
      availability: 'available',
      date: '2028-01-01',
      reason: { kind: 'licence', id: 1, name: 'L1' },
    });
  });

  it('takes the latest start: an embargo by a licence that starts later than the asset', () => {
    expect(availabilityOf([own('2027-01-01', null), licence(3, '2027-04-01', '2027-12-31')], today, 30)).toEqual({
      availability: 'embargoed',
      date: '2027-04-01',
      reason: { kind: 'licence', id: 3, name: 'L3' },
    });
    expect(availabilityOf([own('2027-05-01', null), licence(3, '2027-04-01', null)], today, 30).reason).toEqual({
      kind: 'asset',
    });
  });

  it('is expired rather than embargoed when the window closed before it opens', () => {
    expect(availabilityOf([licence(1, '2027-04-01', null), consent(2, '2027-03-01')], today, 30)).toMatchObject({
      availability: 'expired',
      reason: { kind: 'consent', id: 2 },
    });
  });

  it('is embargoed, not expiring, before a start even when the end is near', () => {
    expect(availabilityOf([own('2027-03-14', '2027-03-20')], today, 30)).toMatchObject({
      availability: 'embargoed',
      date: '2027-03-14',
    });
  });

  it('names the asset first on equal ends, then licences, then consents in order', () => {
    const end = '2027-03-15';
    expect(availabilityOf([own(null, end), licence(1, null, end), consent(2, end)], today, 30).reason).toEqual({
      kind: 'asset',
    });
    expect(availabilityOf([licence(1, null, end), licence(4, null, end)], today, 30).reason).toMatchObject({ id: 1 });
  });
});

describe('dates', () => {
  it('adds and counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-12-01', '2027-01-01')).toBe(31);
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
  });
});

describe('noticeThreshold', () => {
  it('is the nearest of 30, 7 and 1 days the end is within, and 0 once expired', () => {
    expect(noticeThreshold('available', addDays(today, 31), today)).toBeNull();
    expect(noticeThreshold('available', addDays(today, 30), today)).toBe(30);
    expect(noticeThreshold('expiring', addDays(today, 8), today)).toBe(30);
    expect(noticeThreshold('expiring', addDays(today, 7), today)).toBe(7);
    expect(noticeThreshold('expiring', addDays(today, 2), today)).toBe(7);
    expect(noticeThreshold('expiring', addDays(today, 1), today)).toBe(1);
    expect(noticeThreshold('expiring', today, today)).toBe(1);
    expect(noticeThreshold('expired', addDays(today, -1), today)).toBe(0);
  });
});
