import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import './button.css';

export type ButtonColor = 'primary' | 'success' | 'danger' | 'destructive' | 'secondary' | 'light' | 'outline';
export type ButtonVariant = 'contained' | 'outlined' | 'ghost' | 'link';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonLook {
  color?: ButtonColor | undefined;
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  /** Stretch to the width of its container (the forms' main buttons). */
  block?: boolean | undefined;
}

/** The class list for a §9 button look; also used to style a link as a button. */
export function buttonClass({ color = 'primary', variant = 'contained', size = 'medium', block }: ButtonLook): string {
  return ['button', `button-${color}`, `button-${variant}`, `button-${size}`, block ? 'button-block' : '']
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean };

/** A button in one of the §9 colours, variants and sizes. `busy` marks a request in flight for assistive tech. */
export function Button({ color, variant, size, block, busy, className, type = 'button', ...rest }: ButtonProps) {
  const look = buttonClass({ color, variant, size, block });
  return (
    <button {...rest} type={type} aria-busy={busy || undefined} className={className ? `${look} ${className}` : look} />
  );
}

/** A full-document link that looks like a button (e.g. into the captcha screens, whose CSP differs). */
export function ButtonAnchor({
  color,
  variant,
  size,
  block,
  className,
  ...rest
}: ButtonLook & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const look = buttonClass({ color, variant, size, block });
  return <a {...rest} className={className ? `${look} ${className}` : look} />;
}
