/** What the check reads from `navigator`; tests pass their own. */
export interface DeviceHints {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
}

const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/**
 * §2 mobile-device check: a mobile user agent, or more than 2 touch points on a Mac platform (iPadOS reports itself
 * as a Mac). The app uses it to skip autofocus, which would pop the on-screen keyboard over the form on arrival.
 */
export function isMobileDevice(hints: DeviceHints | undefined = globalThis.navigator): boolean {
  if (!hints) return false;
  if (MOBILE_AGENT.test(hints.userAgent)) return true;
  return /^Mac/.test(hints.platform) && hints.maxTouchPoints > 2;
}
