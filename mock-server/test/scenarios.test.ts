import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { preferChoices, renderCatalogue, scenarioProblems } from '../src/catalogue.js';
import { scenarioMatcher } from '../src/scenario-match.js';
import { type Scenario, scenarios } from '../src/scenarios.js';
import { paths } from '../src/stack.js';

const doc = JSON.parse(readFileSync(paths.bundle, 'utf8')) as Record<string, unknown>;
const match = scenarioMatcher(scenarios);
const request = (method: string, path: string, body?: unknown, query = '') => ({
  method,
  path,
  query: new URLSearchParams(query),
  body,
});

describe('the scenario catalogue', () => {
  it('asks Prism only for statuses and examples the description holds', () => {
    const choices = preferChoices(doc);
    expect(scenarios.flatMap((scenario) => scenarioProblems(choices, scenario))).toEqual([]);
  });

  it('would catch a scenario asking for an example the operation lacks', () => {
    const wrong: Scenario = { ...(scenarios[0] as Scenario), name: 'wrong', prefer: 'code=401, example=nope' };
    expect(scenarioProblems(preferChoices(doc), wrong)).toEqual(['wrong: auth.login has no example "nope" under 401']);
  });

  it('is what CATALOGUE.md says (npm run mock:catalogue)', () => {
    const file = readFileSync(new URL('../CATALOGUE.md', import.meta.url), 'utf8');
    expect(file).toBe(renderCatalogue(doc, scenarios));
  });
});

describe('matching a request to a scenario', () => {
  it('matches path parameters, percent-encoded and in any case', () => {
    expect(match(request('GET', '/users/MFA%40example.com/has2fa'))?.name).toBe('two-factor enabled');
    expect(match(request('GET', '/users/ada%40example.com/has2fa'))).toBeUndefined();
  });

  it('matches body fields, the most specific entry first', () => {
    expect(
      match(request('POST', '/login', { email: 'mfa@example.com', password: 'x', timeBasedToken: '000000' }))?.name,
    ).toBe('two-factor: wrong code');
    expect(
      match(request('POST', '/login', { email: 'mfa@example.com', password: 'x', timeBasedToken: '123456' })),
    ).toBeUndefined();
    expect(match(request('POST', '/login', { email: 'locked@example.com' }))?.name).toBe('locked out');
  });

  it('needs the method and the whole path', () => {
    expect(match(request('PUT', '/login', { email: 'locked@example.com' }))).toBeUndefined();
    expect(match(request('GET', '/users/mfa%40example.com/has2fa/extra'))).toBeUndefined();
    expect(match(request('POST', '/login', 'locked@example.com'))).toBeUndefined();
  });

  it('matches query parameters', () => {
    const byQuery = scenarioMatcher([
      { ...(scenarios[0] as Scenario), operationId: 'sso.listEmailMatchers', when: { query: { email: 'a@b.co' } } },
    ]);
    expect(byQuery(request('GET', '/ssoconfig/emailMatchers', undefined, 'email=A%40b.co'))).toBeDefined();
    expect(byQuery(request('GET', '/ssoconfig/emailMatchers', undefined, 'email=c%40b.co'))).toBeUndefined();
  });
});
