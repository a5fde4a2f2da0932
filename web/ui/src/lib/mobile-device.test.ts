import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './mobile-device.js';

const desktopChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const android = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';
const ipadAsMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15';

describe('isMobileDevice (§2)', () => {
  it.each([
    [iphone, 'iPhone', 5, true],
    [android, 'Linux armv8l', 5, true],
    [desktopChrome, 'Linux x86_64', 0, false],
    [ipadAsMac, 'MacIntel', 5, true],
    [ipadAsMac, 'MacIntel', 0, false],
    [ipadAsMac, 'MacIntel', 2, false],
  ])('%s on %s with %d touch points → %s', (userAgent, platform, maxTouchPoints, expected) => {
    expect(isMobileDevice({ userAgent, platform, maxTouchPoints })).toBe(expected);
  });

  it('on a Mac platform, counts as mobile exactly when touch points exceed 2', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), (points) => {
        expect(isMobileDevice({ userAgent: ipadAsMac, platform: 'MacIntel', maxTouchPoints: points })).toBe(points > 2);
      }),
    );
  });

  it('ignores touch points off a Mac platform', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), (points) => {
        expect(isMobileDevice({ userAgent: desktopChrome, platform: 'Win32', maxTouchPoints: points })).toBe(false);
      }),
    );
  });
});
