import { describe, expect, it } from 'vitest';
import { CITY_REGIONS, cityTimeZones, DEFAULT_TIME_ZONE, utcOffset } from './time-zones.js';

describe('§9 time zone list', () => {
  const zones = cityTimeZones();
  const ids = zones.map((zone) => zone.id);

  it('defaults to America/New_York, which the list holds', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/New_York');
    expect(ids).toContain('America/New_York');
  });

  it('drops Pacific, Atlantic, Antarctica, Arctic, Etc, Indian and region-less zones', () => {
    const runtime = Intl.supportedValuesOf('timeZone');
    const dropped = runtime.filter((id) => !ids.includes(id));
    expect(dropped.length).toBeGreaterThan(0);
    for (const id of dropped) expect(id).toMatch(/^(Pacific|Atlantic|Antarctica|Arctic|Etc|Indian)\/|^[^/]+$/);
    for (const id of ids) expect(id).toMatch(/^(Africa|America|Asia|Australia|Europe)\/./);
  });

  it('filters a given list the same way', () => {
    const given = [
      'Pacific/Honolulu',
      'Atlantic/Reykjavik',
      'Antarctica/Troll',
      'Arctic/Longyearbyen',
      'Etc/GMT+5',
      'Indian/Maldives',
      'UTC',
      'US/Eastern',
      'Europe/Paris',
      'America/Argentina/Buenos_Aires',
      'Australia/Sydney',
    ];
    expect(cityTimeZones(given)).toEqual([
      { id: 'America/Argentina/Buenos_Aires', region: 'America', city: 'Buenos Aires (Argentina)' },
      { id: 'Australia/Sydney', region: 'Australia', city: 'Sydney' },
      { id: 'Europe/Paris', region: 'Europe', city: 'Paris' },
    ]);
  });

  it('groups by region, cities in order', () => {
    expect(zones.map((zone) => zone.region)).toEqual(
      [...zones.map((zone) => zone.region)].sort((a, b) => CITY_REGIONS.indexOf(a) - CITY_REGIONS.indexOf(b)),
    );
    const america = zones.filter((zone) => zone.region === 'America').map((zone) => zone.city);
    expect(america).toEqual([...america].sort((a, b) => a.localeCompare(b)));
    expect(zones.find((zone) => zone.id === 'America/New_York')?.city).toBe('New York');
  });

  it('writes the offset at a given moment, daylight saving included', () => {
    expect(utcOffset('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('GMT-05:00');
    expect(utcOffset('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('GMT-04:00');
    expect(utcOffset('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe('GMT+05:30');
  });
});
