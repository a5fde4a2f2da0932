import type { Page } from '@playwright/test';

/** A brisk typist's gap between two keys: well inside Chromium's one-second type-ahead window. */
const KEY_GAP_SECONDS = 0.05;

/**
 * Types `text` into the focused native <select> as one burst, the way a person types a city's first letters.
 * Chromium's type-ahead (the select jumps to the first option whose text starts with what was typed) starts over
 * when a key comes more than a second after the one before, and measures that gap on the key events' time stamps.
 * Playwright's keyboard stamps each key when it arrives, so on a busy machine its keys arrived seconds apart and
 * the search started over ('Paris' ended on Europe/Samara). Here each key is stamped 50 ms after the one before,
 * whatever its delivery takes: the browser judges the typing, not the machine's load.
 */
export async function typeAhead(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  for (const [i, key] of [...text].entries()) {
    const timestamp = start + i * KEY_GAP_SECONDS;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, unmodifiedText: key, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp });
  }
  await cdp.detach();
}
