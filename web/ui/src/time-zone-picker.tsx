import { useId, useMemo } from 'react';
import { CITY_REGIONS, cityTimeZones, DEFAULT_TIME_ZONE, utcOffset } from './lib/time-zones.js';
import './text-field.css';
import './picker-field.css';

interface Props {
  label: string;
  /** An IANA zone; §9 default America/New_York. */
  value?: string;
  onChange: (timeZone: string) => void;
  disabled?: boolean;
  /** The moment whose UTC offsets are shown (daylight saving changes them); now by default. */
  at?: Date;
}

/**
 * §9 time zone picker: a native select of the city zones (no Pacific, Atlantic, Antarctica, Arctic, Etc), grouped by
 * continent, each option 'City (GMT±hh:mm)'. Options start with the city, so typing 'New' jumps to New York.
 */
export function TimeZonePicker({ label, value = DEFAULT_TIME_ZONE, onChange, disabled, at }: Props) {
  const id = useId();
  const zones = useMemo(() => cityTimeZones(), []);
  const moment = at ?? new Date();
  return (
    <div className="picker-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="picker-control"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {CITY_REGIONS.map((region) => (
          <optgroup key={region} label={region}>
            {zones
              .filter((zone) => zone.region === region)
              .map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.city} ({utcOffset(zone.id, moment)})
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
