/** A calendar date with no time zone: what `<input type="date">` holds ('YYYY-MM-DD'). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** §9 date picker default format. */
export const DEFAULT_DATE_FORMAT = 'MM-DD-YYYY';
/** §9 date-time picker default format (date-fns tokens, as the specification writes it). */
export const DEFAULT_DATE_TIME_FORMAT = 'MMMM d, yyyy';
/** §9 date-time picker default step, in minutes. */
export const DEFAULT_TIME_STEP = 15;

/** 'YYYY-MM-DD' → parts, or undefined when it is not a real date (2026-02-30 included). */
export function parseIsoDate(value: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Today in the browser's zone (or `timeZone`), as 'YYYY-MM-DD': the first day a past-blocking picker allows. */
export function todayIso(now: Date = new Date(), timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(now);
}

// Longest token first, so 'MMMM' is not read as 'MM' twice. Both moment-style (YYYY, DD) and date-fns-style (yyyy, d)
// tokens are accepted because §9 writes one format each way.
const TOKENS = /YYYY|yyyy|MMMM|MMM|MM|M|DD|dd|D|d/g;

/** Writes a date in a pattern such as 'MM-DD-YYYY' or 'MMMM d, yyyy'; month names come from Intl in `locale`. */
export function formatDate(date: CalendarDate, pattern: string, locale = 'en-US'): string {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const monthName = (month: 'long' | 'short') =>
    new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' }).format(utc);
  return pattern.replace(TOKENS, (token) => {
    switch (token) {
      case 'YYYY':
      case 'yyyy':
        return pad(date.year, 4);
      case 'MMMM':
        return monthName('long');
      case 'MMM':
        return monthName('short');
      case 'MM':
        return pad(date.month);
      case 'M':
        return String(date.month);
      case 'DD':
      case 'dd':
        return pad(date.day);
      default:
        return String(date.day);
    }
  });
}

export interface TimeSlot {
  /** 'HH:mm', 24-hour: the value a form sends. */
  value: string;
  /** What the person reads: '9:15 AM' or '09:15'. */
  label: string;
}

/** §9: the times of one day at `step` minutes, labelled in 12- or 24-hour time by Intl. */
export function timeSlots(step: number = DEFAULT_TIME_STEP, hourCycle: 12 | 24 = 12, locale = 'en-US'): TimeSlot[] {
  if (!Number.isInteger(step) || step < 1 || step > 720) throw new RangeError(`Unusable time step: ${step}`);
  const format = new Intl.DateTimeFormat(locale, {
    hour: hourCycle === 12 ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: hourCycle === 12 ? 'h12' : 'h23',
    timeZone: 'UTC',
  });
  const slots: TimeSlot[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step) {
    const value = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    slots.push({ value, label: format.format(new Date(Date.UTC(2000, 0, 1, 0, minutes))) });
  }
  return slots;
}
