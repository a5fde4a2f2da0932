import { type ComponentProps, useId, useState } from 'react';
import { messages } from '../lib/messages.js';
import { passwordRules } from '../lib/validation.js';
import './password-rules.css';
import { PasswordField } from '@runofshow/ui/password-field';
import { passwordTexts } from './password-texts.js';

/**
 * §5 'Passwords must contain:' — each rule with a tick or a cross as the visitor types. It floats over the form
 * (no layout shift) while the password field has focus and a rule is still missing (then the submit button is
 * disabled anyway, so covering it hides nothing usable); Escape dismisses it (WCAG 1.4.13). The input names it in
 * aria-describedby.
 */
function PasswordRules({ id, value, open }: { id: string; value: string; open: boolean }) {
  const allMet = passwordRules.every((rule) => rule.test(value));
  return (
    <div id={id} role="tooltip" className="password-rules" hidden={!open || allMet}>
      <p className="password-rules-title">{messages.passwordRulesHeading}</p>
      <ul>
        {passwordRules.map((rule) => {
          const ok = rule.test(value);
          return (
            <li key={rule.id} className={ok ? 'rule-ok' : 'rule-missing'}>
              <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {rule.label()}
              <span className="visually-hidden">{ok ? messages.ruleMet : messages.ruleMissing}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

type PasswordFieldProps = ComponentProps<typeof PasswordField>;

/**
 * A new-password field (sign-up, invitation, reset) with the §5 rules tooltip wired to it: shown on focus, hidden on
 * blur or Escape, named in the input's aria-describedby.
 */
export function NewPasswordField({
  onBlur,
  ...field
}: Omit<PasswordFieldProps, 'texts' | 'autoComplete' | 'describedBy' | 'onFocus' | 'onKeyDown' | 'children'>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <PasswordField
      texts={passwordTexts()}
      autoComplete="new-password"
      describedBy={id}
      onFocus={() => setOpen(true)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
      onBlur={(event) => {
        setOpen(false);
        onBlur?.(event);
      }}
      {...field}
    >
      <PasswordRules id={id} value={field.value} open={open} />
    </PasswordField>
  );
}
