import { useId, useMemo, useState } from 'react';
import { PAST_DATE_MESSAGE } from './date-picker.js';
import {
  DEFAULT_DATE_TIME_FORMAT,
  DEFAULT_TIME_STEP,
  formatDate,
  parseIsoDate,
  timeSlots,
  todayIso,
} from './lib/date-format.js';
import './text-field.css';
import './picker-field.css';
import './date-time-picker.css';

export interface PickedDateTime {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:mm', 24-hour, a wall-clock time in the event's zone (the caller pairs it with a time zone). */
  time: string;
  /** 'March 14, 2026 at 9:15 AM' with the defaults. */
  formatted: string;
}

interface Props {
  label: string;
  defaultValue?: { date: string; time: string };
  onChange?: (value: PickedDateTime | null) => void;
  /** §9 default 15 minutes. */
  step?: number;
  /** §9: 12- or 24-hour time; 12 by default. */
  hourCycle?: 12 | 24;
  /** §9 default 'MMMM d, yyyy'. */
  format?: string;
  blockPast?: boolean;
  disabled?: boolean;
  today?: string;
}

/**
 * §9 date-time picker: the native date input plus a native select of the day's times at `step` minutes, written in
 * 12- or 24-hour time. A select (not `<input type="time">`) because only a list can hold exactly the step's times
 * and show the chosen hour cycle whatever the browser's locale; it keeps native keyboard and type-to-jump.
 */
export function DateTimePicker({
  label,
  defaultValue,
  onChange,
  step = DEFAULT_TIME_STEP,
  hourCycle = 12,
  format = DEFAULT_DATE_TIME_FORMAT,
  blockPast = false,
  disabled,
  today,
}: Props) {
  const id = useId();
  const slots = useMemo(() => timeSlots(step, hourCycle), [step, hourCycle]);
  const [date, setDate] = useState(defaultValue?.date ?? '');
  const [time, setTime] = useState(defaultValue?.time ?? '');
  const [showError, setShowError] = useState(false);
  const firstDay = blockPast ? (today ?? todayIso()) : undefined;
  const parsed = parseIsoDate(date);
  const tooEarly = Boolean(parsed && firstDay && date < firstDay);
  const slot = slots.find((candidate) => candidate.value === time);
  const formatted = parsed && slot && !tooEarly ? `${formatDate(parsed, format)} at ${slot.label}` : undefined;

  function update(nextDate: string, nextTime: string) {
    setDate(nextDate);
    setTime(nextTime);
    const day = parseIsoDate(nextDate);
    const refused = Boolean(day && firstDay && nextDate < firstDay);
    if (!refused) setShowError(false);
    const chosen = slots.find((candidate) => candidate.value === nextTime);
    onChange?.(
      day && chosen && !refused
        ? { date: nextDate, time: nextTime, formatted: `${formatDate(day, format)} at ${chosen.label}` }
        : null,
    );
  }

  return (
    <fieldset className="picker-field date-time-picker" disabled={disabled} aria-describedby={`${id}-shown`}>
      <legend>{label}</legend>
      <div className="date-time-picker-row">
        <div className="date-time-picker-part">
          <label htmlFor={`${id}-date`}>Date</label>
          <input
            id={`${id}-date`}
            type="date"
            className="picker-control"
            value={date}
            min={firstDay}
            aria-invalid={showError && tooEarly ? true : undefined}
            aria-describedby={`${id}-message`}
            onChange={(event) => update(event.currentTarget.value, time)}
            onBlur={() => setShowError(tooEarly)}
          />
        </div>
        <div className="date-time-picker-part">
          <label htmlFor={`${id}-time`}>Time</label>
          <select
            id={`${id}-time`}
            className="picker-control"
            value={time}
            onChange={(event) => update(date, event.currentTarget.value)}
          >
            <option value="">Select a time</option>
            {slots.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-shown`} className="picker-hint" aria-live="polite">
        {formatted ? `Selected: ${formatted}` : 'Pick a date and a time.'}
      </p>
      <p id={`${id}-message`} className="picker-message" aria-live="polite">
        {showError && tooEarly ? PAST_DATE_MESSAGE : undefined}
      </p>
    </fieldset>
  );
}
