import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.0, 2.1 and 2.2 A and AA (issue 34 added 2.2's tags: target size among them); every route and error state
 * must come out with no violation. Legacy mode: axe runs in the page itself (its frames are all same-origin), not again
 * in a blank page it opens for each run: a renderer and 0.5 MB of script fewer per run, about a sixth of the browser
 * tests' CPU (117 → 96 CPU-s for the login, verify and states specs).
 */
export async function expectAccessible(page: Page, within: string[] = []): Promise<void> {
  const builder = new AxeBuilder({ page });
  // `within`: the parts of the page a test changed since a whole-page run (a popover it opened, an error it caused),
  // so that run is not repeated for the rest.
  for (const selector of within) builder.include(selector);
  const results = await builder
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  const found = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}
