import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import './text-field.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The rule the value breaks, shown under the input (§5); the line keeps its height when empty. */
  error?: string | undefined;
  /** §2: a prefilled value the visitor may not change (read-only, still submitted and still focusable). */
  locked?: boolean;
  /** Extra description (e.g. the password rules tooltip), linked to the input for assistive tech. */
  describedBy?: string;
  children?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input with its message under the field. The message line is an aria-live region, so a rule broken
 * while typing or on submit is announced, and it always takes its height, so a message never shifts the layout.
 */
export function TextField({ label, value, onValueChange, error, locked, describedBy, children, ref, ...input }: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={ref}
        id={id}
        value={value}
        readOnly={locked || input.readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy ? `${messageId} ${describedBy}` : messageId}
        onChange={(event) => onValueChange(event.currentTarget.value)}
      />
      {children}
      <p id={messageId} className="field-message" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
