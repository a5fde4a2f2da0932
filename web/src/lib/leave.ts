import { proxy } from 'valtio';
import { DEFAULT_DESTINATION, leavePath } from './return-url.js';

/**
 * Whether the page is on its way out: from `leaveTo` until the next document replaces this one, which can take a
 * while on a slow connection or a busy machine. A form whose submit led here stays busy meanwhile (`useForm`).
 */
export const departure = proxy({ leaving: false });

/**
 * Every full-page navigation out of the sign-in app (after login, sign-up, an invitation, verification, to SSO) goes
 * through here, and so through the one return-URL guard: whatever a caller computed, the visitor stays on this host
 * (a link's `redirect` has been through `safeReturnPath` before, which also refuses /sso/).
 */
export function leaveTo(target: string): void {
  departure.leaving = true;
  window.location.assign(leavePath(target, window.location.origin) ?? DEFAULT_DESTINATION);
}

// Back from the next page through the back-forward cache, this page is as it was left, but no longer leaving.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) departure.leaving = false;
  });
}
