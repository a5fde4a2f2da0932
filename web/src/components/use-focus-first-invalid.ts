import { type RefObject, useEffect } from 'react';

/**
 * After a submit that broke a rule, moves focus to the first invalid field, whose message (aria-describedby) the
 * screen reader then reads. `attempt` counts submits, so every failed submit moves focus again.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt]);
}
