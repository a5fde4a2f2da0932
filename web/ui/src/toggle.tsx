import { type InputHTMLAttributes, useId } from 'react';
import './toggle.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'checked' | 'role' | 'size'> & {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A line under the label saying what the setting does. */
  description?: string;
  size?: 'small' | 'medium';
};

/**
 * An on/off switch (§2 toggle). A native checkbox with the switch role: Space toggles it, screen readers say
 * "on"/"off", and the whole row (track and text) is the click target.
 */
export function Toggle({ label, checked, onCheckedChange, description, size = 'medium', className, ...input }: Props) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={['toggle', `toggle-${size}`, className].filter(Boolean).join(' ')}>
      <input
        {...input}
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="toggle-input"
        checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
      />
      <label htmlFor={id} className="toggle-label">
        <span className="toggle-track" aria-hidden="true">
          <span className="toggle-thumb" />
        </span>
        <span className="toggle-text">{label}</span>
      </label>
      {description ? (
        <p id={descriptionId} className="toggle-description">
          {description}
        </p>
      ) : null}
    </div>
  );
}
