import { DEFAULT_DESTINATION, leavePath } from './return-url.js';

/**
 * Every full-page navigation out of the sign-in app (after login, sign-up, an invitation, verification, to SSO) goes
 * through here, and so through the one return-URL guard: whatever a caller computed, the visitor stays on this host
 * (a link's `redirect` has been through `safeReturnPath` before, which also refuses /sso/).
 */
export function leaveTo(target: string): void {
  window.location.assign(leavePath(target, window.location.origin) ?? DEFAULT_DESTINATION);
}
