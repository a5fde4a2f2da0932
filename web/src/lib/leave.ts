import { DEFAULT_DESTINATION, safeReturnPath } from './return-url.js';

/**
 * Every full-page navigation out of the sign-in app (after login, sign-up, an invitation, verification, to SSO) goes
 * through here, and so through the one return-URL guard: whatever a caller computed, the visitor stays on this host.
 */
export function leaveTo(target: string): void {
  window.location.assign(safeReturnPath(target, window.location.origin) ?? DEFAULT_DESTINATION);
}
