import type { ReactNode } from 'react';
import './alert.css';

export type AlertType = 'basic' | 'success' | 'warning' | 'failure';
export type AlertSize = 'small' | 'medium';

interface Props {
  type: AlertType;
  size?: AlertSize;
  /** The bold first part of a §2/§4 message ('Title - text'). */
  title?: string;
  children?: ReactNode;
  /** Leave the live-region role off when the alert is on the page from its first paint (nothing to announce). */
  live?: boolean;
}

/**
 * A message box (§9 alert types and sizes). Failures and warnings are announced as they appear (role=alert); basic
 * and success messages politely (role=status).
 */
export function Alert({ type, size = 'medium', title, children, live = true }: Props) {
  const urgent = type === 'failure' || type === 'warning';
  const role = live ? (urgent ? 'alert' : 'status') : undefined;
  return (
    <div className={`alert alert-${type} alert-${size}`} role={role}>
      {/* The glyph is CSS content, so the alert's text is exactly the message. */}
      <span className="alert-icon" aria-hidden="true" />
      <div className="alert-body">
        {title ? <p className="alert-title">{title}</p> : null}
        {children ? <div className="alert-text">{children}</div> : null}
      </div>
    </div>
  );
}
