import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, installFakeApi, problem, sent } from './fake-api.test-support.js';
import { lookUpSso } from './sso-lookup.js';

beforeAll(installFakeApi);

describe('SSO lookup (issue 34)', () => {
  it("asks for the address's own domain and stops there when it has single sign-on", async () => {
    answerWith(() => Response.json({ domain: 'engines.example.com' }));
    expect(await lookUpSso('ada@engines.example.com')).toEqual({ answer: 'sso', domain: 'engines.example.com' });
    expect(sent).toEqual([
      { operation: 'sso.getByDomain', envelope: { params: { domain: 'engines.example.com' }, clientId: 'app.login' } },
    ]);
  });

  it("asks the e-mail matchers after a 404 and signs in through the company's domain", async () => {
    answerWith(({ operation }) =>
      operation === 'sso.getByDomain' ? problem(404) : Response.json([{ domain: 'Engines.Example.com' }]),
    );
    expect(await lookUpSso(' ada@eu.engines.example.com ')).toEqual({ answer: 'sso', domain: 'engines.example.com' });
    expect(sent.map(({ operation, envelope }) => [operation, envelope.params ?? envelope.query])).toEqual([
      ['sso.getByDomain', { domain: 'eu.engines.example.com' }],
      ['sso.listEmailMatchers', { email: 'ada@eu.engines.example.com' }],
    ]);
  });

  it('says none when no matcher takes the address, and failed when the lookup gets no answer it can read', async () => {
    answerWith(({ operation }) => (operation === 'sso.getByDomain' ? problem(404) : Response.json([])));
    expect(await lookUpSso('ada@example.com')).toEqual({ answer: 'none' });
    answerWith(() => problem(400));
    expect(await lookUpSso('ada@example.com')).toEqual({ answer: 'failed' });
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
