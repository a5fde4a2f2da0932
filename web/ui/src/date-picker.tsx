import { useId, useState } from 'react';
import { DEFAULT_DATE_FORMAT, formatDate, parseIsoDate, todayIso } from './lib/date-format.js';
import './text-field.css';
import './picker-field.css';

/** Our text for the §9 past-date block (the specification names the rule, not its message). */
export const PAST_DATE_MESSAGE = 'Uh oh! Pick today or a later date';

export interface PickedDate {
  /** 'YYYY-MM-DD', what the API stores. */
  iso: string;
  /** The date in the picker's format ('03-14-2026' by default). */
  formatted: string;
}

interface Props {
  label: string;
  /** 'YYYY-MM-DD'. */
  defaultValue?: string;
  /** Called with the date once it is complete and allowed, and with null when it is cleared or refused. */
  onChange?: (date: PickedDate | null) => void;
  /** §9 default 'MM-DD-YYYY'. */
  format?: string;
  /** §9 optional block on dates before today. */
  blockPast?: boolean;
  disabled?: boolean;
  /** 'YYYY-MM-DD' of today; the browser's today by default (demos and tests pin it). */
  today?: string;
}

/**
 * §9 date picker: the browser's own date input (its keyboard entry, calendar and screen-reader support come free)
 * with the chosen date written out in the picker's format under it. A past date, when blocked, is refused with a
 * message under the field once the visitor leaves it (not while they are still typing the year).
 */
export function DatePicker({
  label,
  defaultValue = '',
  onChange,
  format = DEFAULT_DATE_FORMAT,
  blockPast = false,
  disabled,
  today,
}: Props) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const [showError, setShowError] = useState(false);
  const firstDay = blockPast ? (today ?? todayIso()) : undefined;
  const date = parseIsoDate(value);
  const tooEarly = Boolean(date && firstDay && value < firstDay);
  const error = showError && tooEarly ? PAST_DATE_MESSAGE : undefined;

  function change(next: string) {
    setValue(next);
    const parsed = parseIsoDate(next);
    const refused = Boolean(parsed && firstDay && next < firstDay);
    if (!refused) setShowError(false);
    onChange?.(parsed && !refused ? { iso: next, formatted: formatDate(parsed, format) } : null);
  }

  return (
    <div className="picker-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        className="picker-control"
        value={value}
        min={firstDay}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-shown ${id}-message`}
        onChange={(event) => change(event.currentTarget.value)}
        onBlur={() => setShowError(tooEarly)}
      />
      <p id={`${id}-shown`} className="picker-hint" aria-live="polite">
        {date && !tooEarly ? `Selected: ${formatDate(date, format)}` : `Format: ${format}`}
      </p>
      <p id={`${id}-message`} className="picker-message" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
