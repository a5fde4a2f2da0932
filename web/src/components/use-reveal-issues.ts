import { type KeyboardEvent, type RefObject, useEffect, useState } from 'react';

/**
 * When a form shows its §5 messages. Until the first reveal a field's message shows once the visitor has left it;
 * `reveal()` (a submit that broke a rule) shows every message and moves focus to the first invalid field, whose
 * message the screen reader then reads, again on every reveal. `hide()` starts over (e.g. a new step of the form).
 *
 * Attach `onKeyDown` to the form: §5 keeps some submit buttons disabled while the form is invalid, and a disabled
 * default button also blocks the browser's implicit submission, so Enter in a field would do nothing at all. It
 * reveals instead.
 */
export function useRevealIssues(form: RefObject<HTMLFormElement | null>) {
  const [reveals, setReveals] = useState(0);
  useEffect(() => {
    if (reveals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, reveals]);
  const reveal = () => setReveals((n) => n + 1);
  return {
    revealed: reveals > 0,
    reveal,
    hide: () => setReveals(0),
    onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
      if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
      if (event.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled) reveal();
    },
  };
}
