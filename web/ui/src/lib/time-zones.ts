/** §9 default time zone. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * §9: the regions a picker offers. IANA names are Region/City; the list keeps the five continents whose entries are
 * cities people live in, and drops Pacific, Atlantic, Antarctica, Arctic and Etc as §9 says, plus Indian (an ocean
 * region like Atlantic and Pacific: island zones such as Indian/Maldives) and every zone without a region
 * (UTC, GMT, EST5EDT and the like).
 */
export const CITY_REGIONS = ['Africa', 'America', 'Asia', 'Australia', 'Europe'] as const;
export type CityRegion = (typeof CITY_REGIONS)[number];

export interface TimeZoneOption {
  /** The IANA name, the value the API stores (User.timezone, Team.defaultTimeZone). */
  id: string;
  region: CityRegion;
  /** 'Buenos Aires (Argentina)', 'New York': what a person scans for and types to jump to. */
  city: string;
}

const isCityRegion = (region: string): region is CityRegion => (CITY_REGIONS as readonly string[]).includes(region);

/** The zones of `all` (the runtime's list by default) a person picks from, each region sorted by city name. */
export function cityTimeZones(all: readonly string[] = Intl.supportedValuesOf('timeZone')): TimeZoneOption[] {
  const options: TimeZoneOption[] = [];
  for (const id of all) {
    const [region = '', ...rest] = id.split('/');
    if (!isCityRegion(region) || rest.length === 0) continue;
    const place = rest.map((part) => part.replaceAll('_', ' '));
    const city = place.length > 1 ? `${place.at(-1)} (${place.slice(0, -1).join(', ')})` : (place[0] as string);
    options.push({ id, region, city });
  }
  return options.sort((a, b) => a.region.localeCompare(b.region) || a.city.localeCompare(b.city));
}

/** The zone's UTC offset at `at`, as Intl writes it: 'GMT-05:00' ('GMT' at zero). */
export function utcOffset(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
}
