import type { ReactNode } from 'react';

export type AlertType = 'basic' | 'success' | 'warning' | 'failure';

/** A message box (§9 alert types). Failures and warnings are announced to screen readers as they appear. */
export function Alert({ type, children }: { type: AlertType; children: ReactNode }) {
  const urgent = type === 'failure' || type === 'warning';
  return (
    <div className={`alert alert-${type}`} role={urgent ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
