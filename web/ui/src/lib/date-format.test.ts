import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_DATE_TIME_FORMAT,
  DEFAULT_TIME_STEP,
  formatDate,
  parseIsoDate,
  timeSlots,
  todayIso,
  toIsoDate,
} from './date-format.js';

describe('§9 date formats', () => {
  const pi = { year: 2026, month: 3, day: 4 };

  it('defaults: MM-DD-YYYY for dates, MMMM d, yyyy for date-times, 15-minute steps', () => {
    expect(formatDate(pi, DEFAULT_DATE_FORMAT)).toBe('03-04-2026');
    expect(formatDate(pi, DEFAULT_DATE_TIME_FORMAT)).toBe('March 4, 2026');
    expect(DEFAULT_TIME_STEP).toBe(15);
  });

  it('reads the other tokens and leaves the rest alone', () => {
    expect(formatDate(pi, 'M/D/yyyy')).toBe('3/4/2026');
    expect(formatDate(pi, 'dd MMM yyyy')).toBe('04 Mar 2026');
    expect(formatDate(pi, 'MMMM d, yyyy', 'fr-FR')).toBe('mars 4, 2026');
  });

  it('parses only real dates', () => {
    expect(parseIsoDate('2026-03-04')).toEqual(pi);
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDate('2026-02-29')).toBeUndefined();
    expect(parseIsoDate('2026-13-01')).toBeUndefined();
    expect(parseIsoDate('03-04-2026')).toBeUndefined();
    expect(parseIsoDate('')).toBeUndefined();
    expect(toIsoDate(pi)).toBe('2026-03-04');
  });

  it('knows today in a zone', () => {
    const moment = new Date('2026-03-04T03:00:00Z');
    expect(todayIso(moment, 'UTC')).toBe('2026-03-04');
    expect(todayIso(moment, 'America/New_York')).toBe('2026-03-03');
  });
});

describe('§9 time slots', () => {
  it('has 96 quarter hours in 12-hour time by default', () => {
    const slots = timeSlots();
    expect(slots).toHaveLength(96);
    expect(slots[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(slots[37]).toEqual({ value: '09:15', label: '9:15 AM' });
    expect(slots[95]).toEqual({ value: '23:45', label: '11:45 PM' });
  });

  it('writes 24-hour time and honours other steps', () => {
    const slots = timeSlots(30, 24);
    expect(slots).toHaveLength(48);
    expect(slots[19]).toEqual({ value: '09:30', label: '09:30' });
    expect(slots[47]).toEqual({ value: '23:30', label: '23:30' });
  });

  it('refuses a step that cannot divide a day into slots', () => {
    expect(() => timeSlots(0)).toThrow(RangeError);
    expect(() => timeSlots(2.5)).toThrow(RangeError);
  });
});
