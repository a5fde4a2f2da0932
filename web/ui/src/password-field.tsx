import { type ComponentProps, type KeyboardEvent, useState } from 'react';
import { TextField } from './text-field.js';
import './password-field.css';

type Props = Omit<ComponentProps<typeof TextField>, 'type' | 'addon' | 'notice'> & {
  /** The show button's name ("Show password"; a toggle, so its pressed state says whether it is shown) and the notice. */
  texts: { show: string; capsLock: string };
};

/**
 * A password input with a show button inside its box and a Caps Lock notice in its message line (issue 34: what
 * the best sign-in pages have). The notice shows while the visitor types with Caps Lock on; the shown password is
 * kept from spell checkers. A password manager fills it as any password field: its name, type and autocomplete are
 * the caller's until the visitor presses Show.
 */
export function PasswordField({ texts, onKeyDown, onKeyUp, onBlur, ...field }: Props) {
  const [shown, setShown] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const readCapsLock = (event: KeyboardEvent<HTMLInputElement>) =>
    setCapsLock(event.getModifierState?.('CapsLock') ?? false);
  return (
    <TextField
      {...field}
      type={shown ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      autoCorrect="off"
      notice={capsLock ? texts.capsLock : undefined}
      onKeyDown={(event) => {
        readCapsLock(event);
        onKeyDown?.(event);
      }}
      onKeyUp={(event) => {
        readCapsLock(event);
        onKeyUp?.(event);
      }}
      onBlur={(event) => {
        setCapsLock(false);
        onBlur?.(event);
      }}
      addon={
        <button
          type="button"
          className="field-reveal"
          aria-label={texts.show}
          aria-pressed={shown}
          disabled={field.disabled}
          onClick={() => setShown((now) => !now)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="12" cy="12" r="3" fill="currentColor" />
            {shown ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" /> : null}
          </svg>
        </button>
      }
    />
  );
}
