import { describe, expect, it, vi } from 'vitest';
import { bucharestDayAt, bucharestWallTimeToDate, formatDate, formatDateTime, formatInBucharest, toBucharestDay } from '@/lib/time';
import { addDaysToDay } from '@/contract/day';
import { formatDay } from '@/contract/format-day';
import * as day from '@/contract/day';

describe('Europe/Bucharest formatting', () => {
  it('formats in Romanian by default, French and English on request', () => {
    const d = new Date('2026-03-05T12:30:00Z');
    expect(formatDate(d)).toBe('5 martie 2026');
    expect(formatDate(d, 'fr')).toBe('5 mars 2026');
    expect(formatDate(d, 'en')).toBe('5 March 2026');
    expect(formatDateTime(d)).toBe('5 martie 2026, 14:30');
  });

  it('uses the Bucharest calendar day, not the UTC one', () => {
    // 22:30 UTC on 31 December is already 1 January in Bucharest (UTC+2 in winter).
    expect(toBucharestDay('2025-12-31T22:30:00Z')).toBe('2026-01-01');
    expect(toBucharestDay('2026-07-15T20:59:59Z')).toBe('2026-07-15');
    expect(toBucharestDay('2026-07-15T21:00:00Z')).toBe('2026-07-16');
  });

  it('crosses the spring-forward change (last Sunday of March, 03:00 → 04:00)', () => {
    expect(formatInBucharest('2026-03-29T00:59:00Z', 'HH:mm')).toBe('02:59');
    expect(formatInBucharest('2026-03-29T01:00:00Z', 'HH:mm')).toBe('04:00');
    expect(formatInBucharest('2026-03-29T00:59:00Z', 'xxx')).toBe('+02:00');
    expect(formatInBucharest('2026-03-29T01:00:00Z', 'xxx')).toBe('+03:00');
    // The day of the change has 23 hours.
    const start = bucharestWallTimeToDate('2026-03-29');
    const next = bucharestWallTimeToDate('2026-03-30');
    expect((next.getTime() - start.getTime()) / 3_600_000).toBe(23);
    expect(start.toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(next.toISOString()).toBe('2026-03-29T21:00:00.000Z');
  });

  it('crosses the fall-back change (last Sunday of October, 04:00 → 03:00)', () => {
    expect(formatInBucharest('2026-10-25T00:59:00Z', 'HH:mm')).toBe('03:59');
    expect(formatInBucharest('2026-10-25T01:00:00Z', 'HH:mm')).toBe('03:00');
    expect(formatInBucharest('2026-10-25T00:59:00Z', 'xxx')).toBe('+03:00');
    expect(formatInBucharest('2026-10-25T01:00:00Z', 'xxx')).toBe('+02:00');
    const start = bucharestWallTimeToDate('2026-10-25');
    const next = bucharestWallTimeToDate('2026-10-26');
    expect((next.getTime() - start.getTime()) / 3_600_000).toBe(25);
    expect(formatInBucharest(start, 'yyyy-MM-dd HH:mm xxx')).toBe('2026-10-25 00:00 +03:00');
    expect(formatInBucharest(next, 'yyyy-MM-dd HH:mm xxx')).toBe('2026-10-26 00:00 +02:00');
  });

  it('adds calendar days across a DST change without drifting', () => {
    expect(addDaysToDay('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDaysToDay('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDaysToDay('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDaysToDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDay('2028-03-01', -1)).toBe('2028-02-29');
    // contract/day.ts (no date-fns-tz, for code that runs at page load) is the same function.
    expect(day.addDaysToDay).toBe(addDaysToDay);
  });

  it('gives the Bucharest day and when the next one starts: 23 hours on 29 March, 25 on 25 October', () => {
    expect(bucharestDayAt('2026-03-28T21:59:59Z')).toEqual({ day: '2026-03-28', nextDayAt: Date.parse('2026-03-28T22:00:00Z') });
    const spring = bucharestDayAt('2026-03-28T22:00:00Z');
    expect(spring).toEqual({ day: '2026-03-29', nextDayAt: Date.parse('2026-03-29T21:00:00Z') });
    expect(bucharestDayAt(spring.nextDayAt - 1).day).toBe('2026-03-29');
    expect(bucharestDayAt(spring.nextDayAt).day).toBe('2026-03-30');
    const autumn = bucharestDayAt('2026-10-25T12:00:00Z');
    expect(autumn).toEqual({ day: '2026-10-25', nextDayAt: Date.parse('2026-10-25T22:00:00Z') });
    expect(bucharestDayAt('2025-12-31T22:30:00Z')).toEqual({ day: '2026-01-01', nextDayAt: Date.parse('2026-01-01T22:00:00Z') });
  });

  it('answers again within the same day without time-zone formatting, and moves on at midnight or backwards', () => {
    const first = bucharestDayAt('2026-07-10T09:00:00Z');
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      for (let minute = 1; minute < 60; minute++) {
        expect(bucharestDayAt(Date.parse('2026-07-10T09:00:00Z') + minute * 60_000)).toEqual(first);
      }
      expect(bucharestDayAt(first.nextDayAt - 1)).toEqual({ day: '2026-07-10', nextDayAt: Date.parse('2026-07-10T21:00:00Z') });
      expect(formatToParts).not.toHaveBeenCalled();
      expect(bucharestDayAt(first.nextDayAt).day).toBe('2026-07-11');
      // Earlier than the remembered instant (another caller's clock): computed, not assumed.
      expect(bucharestDayAt('2026-07-09T20:59:59Z').day).toBe('2026-07-09');
      expect(bucharestDayAt('2026-07-09T21:00:00Z').day).toBe('2026-07-10');
      expect(formatToParts).toHaveBeenCalled();
    } finally {
      formatToParts.mockRestore();
    }
  });

  it('rejects invalid input', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => bucharestWallTimeToDate('29.03.2026')).toThrow(RangeError);
  });
});

describe('formatDay (calendar days, no time-zone data)', () => {
  it('formats a day in Romanian by default, French and English on request', () => {
    expect(formatDay('2026-03-05')).toBe('5 martie 2026');
    expect(formatDay('2026-03-05', 'fr')).toBe('5 mars 2026');
    expect(formatDay('2026-03-05', 'en')).toBe('5 March 2026');
  });

  it('agrees with the Bucharest formatter for every day of a year, in any browser time zone', () => {
    const previous = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Europe/Bucharest']) {
        process.env.TZ = zone;
        for (let day = '2026-01-01'; day < '2027-01-01'; day = addDaysToDay(day, 1)) {
          expect(formatDay(day), `${day} in ${zone}`).toBe(formatDate(`${day}T12:00:00Z`));
        }
      }
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });

  it('rejects what is not a calendar day', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '05.03.2026', '2026-3-5', '']) expect(() => formatDay(bad)).toThrow(RangeError);
  });
});
