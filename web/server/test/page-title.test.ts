import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageTitles, withTitle } from '../src/page-title.js';

const dir = mkdtempSync(join(tmpdir(), 'page-titles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('each route’s <title>, from the table the build writes', () => {
  it('finds a path’s title in the page’s locale, the first pattern that matches, the empty one last', async () => {
    writeFileSync(
      join(dir, 'page-titles.json'),
      JSON.stringify({
        en: [
          ['^/forgot/?$', 'Forgot password · Run of Show'],
          ['^/verify/[^/]+/?$', 'Verify Email · Run of Show'],
          ['', 'Page not found · Run of Show'],
        ],
        de: [['^/forgot/?$', 'Passwort vergessen · Run of Show']],
      }),
    );
    const titleOf = pageTitles(dir);
    expect(await titleOf('en', '/Forgot/')).toBe('Forgot password · Run of Show');
    expect(await titleOf('en', '/verify/abc')).toBe('Verify Email · Run of Show');
    expect(await titleOf('en', '/no-such-page')).toBe('Page not found · Run of Show');
    expect(await titleOf('de', '/forgot')).toBe('Passwort vergessen · Run of Show');
    expect(await titleOf('de', '/verify/abc')).toBeUndefined();
  });

  it('without the table (an older build), no title: the page keeps its own', async () => {
    expect(await pageTitles(join(dir, 'missing'))('en', '/forgot')).toBeUndefined();
  });

  it('writes the title as text', () => {
    expect(withTitle('<head><title>Sign in</title></head>', 'A <b> & C')).toBe(
      '<head><title>A &lt;b> &amp; C</title></head>',
    );
  });
});
