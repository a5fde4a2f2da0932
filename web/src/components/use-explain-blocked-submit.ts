import { type KeyboardEvent, type RefObject, useState } from 'react';
import { useFocusFirstInvalid } from './use-focus-first-invalid.js';

/**
 * §5 keeps a form's submit button disabled while the form is invalid, and a disabled default button also blocks the
 * browser's implicit submission: Enter in a field would do nothing at all. This answers that Enter instead:
 * `explain` shows every message (e.g. marks every field touched) and focus moves to the first invalid field, whose
 * message the screen reader then reads. Returns the form's onKeyDown handler.
 */
export function useExplainBlockedSubmit(
  form: RefObject<HTMLFormElement | null>,
  explain: () => void,
): (event: KeyboardEvent<HTMLFormElement>) => void {
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, attempt);
  return (event) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    const submit = event.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!submit?.disabled) return;
    explain();
    setAttempt((n) => n + 1);
  };
}
