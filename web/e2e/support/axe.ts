import { expect, type Frame, type Page } from '@playwright/test';
import axe from 'axe-core';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** WCAG 2.0, 2.1 and 2.2 A and AA (issue 34 added 2.2's tags: target size among them). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe-core in the page itself (its frames are all same-origin), each frame given the script once per document.
 * @axe-core/playwright's builder sent and compiled the 0.65 MB script twice per run and brought back every passing
 * node too: 0.49 CPU-s a run on the sign-up page, against 0.18 for a first run here and 0.07 for another in the same
 * document (issue 27). The rules, the tags and what is found are axe's own; only the violations come back in full.
 */
async function injectOnce(frame: Frame): Promise<void> {
  // A frame that is gone or never answers is left out, as the builder did.
  try {
    if (await frame.evaluate(() => 'axe' in window)) return;
    await frame.evaluate(axe.source);
  } catch {}
}

/**
 * Every route and error state must come out with no violation. `within`: the parts of the page a test changed since
 * a whole-page run (a popover it opened, an error it caused), so that run is not repeated for the rest.
 */
export async function expectAccessible(page: Page, within: string[] = []): Promise<void> {
  for (const frame of page.frames()) await injectOnce(frame);
  const violations = await page.evaluate(
    ({ include, tags }) =>
      window.axe
        .run(include.length > 0 ? { include, exclude: [] } : document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
        .then((results) => results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }))),
    { include: within, tags: TAGS },
  );
  const found = violations.map(({ id, targets }) => `${id}: ${targets.map((target) => target.join(' ')).join(', ')}`);
  expect(found).toEqual([]);
}
