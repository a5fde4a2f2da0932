import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, installFakeApi, problem, sent } from './fake-api.test-support.js';
import { lookUpSso } from './sso-lookup.js';

beforeAll(installFakeApi);

describe('SSO lookup (issue 34)', () => {
  it("asks for the part after the at-sign, §2's destination, and says sso when it has single sign-on", async () => {
    answerWith(() => Response.json({ domain: 'engines.example.com' }));
    expect(await lookUpSso('ada@engines.example.com')).toBe('sso');
    expect(sent).toEqual([
      { operation: 'sso.getByDomain', envelope: { params: { domain: 'engines.example.com' }, clientId: 'app.login' } },
    ]);
  });

  it('says none on a 404, asking nothing else (a sub-domain is its own domain), and failed on any other answer', async () => {
    answerWith(() => problem(404));
    expect(await lookUpSso(' ada@eu.engines.example.com ')).toBe('none');
    expect(sent.map(({ operation, envelope }) => [operation, envelope.params])).toEqual([
      ['sso.getByDomain', { domain: 'eu.engines.example.com' }],
    ]);
    answerWith(() => problem(400));
    expect(await lookUpSso('ada@example.com')).toBe('failed');
  });
});

/** The app's source files that run in the page: not tests, not their support. */
function appSources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return appSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the app speaks the operations’ words (issue 30)', () => {
  it('calls every operation through the facade, never by method and path', () => {
    const src = fileURLToPath(new URL('../..', import.meta.url));
    const byPath = appSources(src).filter((file) =>
      /\.(GET|PUT|POST|PATCH|DELETE|HEAD|OPTIONS|TRACE|request)\(\s*['"`]\//.test(readFileSync(file, 'utf8')),
    );
    expect(byPath).toEqual([]);
  });
});
