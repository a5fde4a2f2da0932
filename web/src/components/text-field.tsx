import { type InputHTMLAttributes, useId } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The rule the value breaks, shown under the input (§5); the line keeps its height when empty. */
  error?: string | undefined;
};

/** A labelled input with its message under the field. */
export function TextField({ label, value, onValueChange, error, ...input }: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={messageId}
        onChange={(event) => onValueChange(event.currentTarget.value)}
      />
      <p id={messageId} className="field-message">
        {error}
      </p>
    </div>
  );
}
