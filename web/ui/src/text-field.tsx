import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react';
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
  /** A control inside the input's box, at its end (the password field's show button). */
  addon?: ReactNode;
  /** News that is not an error (Caps Lock is on), in the message line while there is no error. */
  notice?: string | undefined;
  children?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input with its message under the field. The message line is an aria-live region, so a rule broken
 * while typing or on submit is announced, and it always takes its height, so a message never shifts the layout.
 */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  locked,
  describedBy,
  addon,
  notice,
  children,
  ref,
  ...input
}: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  const own = useRef<HTMLInputElement>(null);
  // The caller's ref (e.g. focus on arrival) gets the same input.
  useImperativeHandle(ref, () => own.current as HTMLInputElement, []);
  // A pre-rendered form (/login) can be typed in, or filled by a password manager, before its script arrives;
  // hydration keeps those characters in the input but reports none of them. Adopt them once, at mount, so nothing
  // typed early is lost or wiped by the next render; afterwards every change arrives through onChange.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs at mount only, by design.
  useLayoutEffect(() => {
    const early = own.current?.value;
    if (early !== undefined && early !== value) onValueChange(early);
  }, []);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={addon ? 'field-control field-control-addon' : 'field-control'}>
        <input
          {...input}
          ref={own}
          id={id}
          value={value}
          readOnly={locked || input.readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy ? `${messageId} ${describedBy}` : messageId}
          onChange={(event) => onValueChange(event.currentTarget.value)}
        />
        {addon}
      </div>
      {children}
      <p id={messageId} className={error ? 'field-message' : 'field-message field-notice'} aria-live="polite">
        {error ?? notice}
      </p>
    </div>
  );
}
