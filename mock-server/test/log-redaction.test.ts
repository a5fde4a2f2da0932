import { createServer } from 'node:http';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Exchange, type RunningFront, startMockFront } from '../src/mock-front.js';
import { redactPath } from '../src/redact-path.js';
import { ViolationReport } from '../src/violation-report.js';

// Issue 14 point 9: `npm run mock` and `mock:proxy` printed refused paths whole (`DELETE /tokens/<token>`). The
// production host redacts the app's token pages (web/server/src/redact-path.ts).
describe('redactPath', () => {
  it.each([
    ['/tokens/3f9a8c7e2b1d', '/tokens/[redacted]'],
    ['/TOKENS/3f9a8c7e2b1d/', '/TOKENS/[redacted]/'],
    ['/users/invited/inv-123?x=1', '/users/invited/[redacted]?x=1'],
    [
      '/users/ada%40example.com/has2fa?accessToken=abc&page=2',
      '/users/ada%40example.com/has2fa?accessToken=[redacted]&page=2',
    ],
    ['/api/teams.create?guestPass=g1', '/api/teams.create?guestPass=[redacted]'],
    [
      '/x?passwordRecoveryToken=r1&captcha=c1&api-key=k1&page=2',
      '/x?passwordRecoveryToken=[redacted]&captcha=[redacted]&api-key=[redacted]&page=2',
    ],
    ['/teams/t1/events', '/teams/t1/events'],
  ])('%s → %s', (path, shown) => {
    expect(redactPath(path)).toBe(shown);
  });

  // Issue 20 point 10: one expression over the whole query backtracked on a long parameter name (time grew with the
  // square of the length). Compared by ratio, 1 KB against 64 KB: linear is 64 times, quadratic about 4,000 times.
  it.each([
    ['a long name of secret words', (n: number) => `/users/a/has2fa?${'pass'.repeat(n / 4)}`],
    ['a long name', (n: number) => `/users/a/has2fa?${'a'.repeat(n)}`],
    ['a long token', (n: number) => `/tokens/${'t'.repeat(n)}`],
  ])('costs in proportion to the length: %s', (_, target) => {
    const timeOf = (text: string, runs: number) => {
      const times: number[] = [];
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        for (let i = 0; i < runs; i++) redactPath(text);
        times.push((performance.now() - started) / runs);
      }
      return times.sort((a, b) => a - b)[2] ?? 0;
    };
    const large = target(64 * 1024);
    timeOf(large, 1);
    expect(timeOf(large, 4) / timeOf(target(1024), 256)).toBeLessThan(400);
  });
});

describe('the mock front', () => {
  let backend: RunningServer;
  let front: RunningFront;
  const exchanges: Exchange[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    // Stands in for Prism refusing the call with the rules it broke, as `sl-violations` carries them.
    const violations = JSON.stringify([
      { location: ['request', 'query'], severity: 'Error', code: 'required', message: 'must have accessToken' },
    ]);
    backend = await listen(
      createServer((_req, res) => {
        res.writeHead(401, { 'content-type': 'application/problem+json', 'sl-violations': violations });
        res.end('{}');
      }),
      0,
    );
    front = await startMockFront({
      port: 0,
      target: backend.url,
      scenarios: [
        {
          name: 'session ended',
          operationId: 'tokens.delete',
          when: {},
          prefer: 'code=401',
          input: 'sign out',
          screen: 'signed out',
        },
      ],
      onExchange: (exchange) => void exchanges.push(exchange),
      log: (line) => void lines.push(line),
    });
  });

  afterAll(async () => {
    await Promise.all([front.stop(), backend.stop()]);
  });

  it('never prints the token of a refused DELETE /tokens/<token>', async () => {
    await fetch(`${front.url}/tokens/secret-session-token-9?accessToken=secret-access-9`, { method: 'DELETE' });
    const report = new ViolationReport();
    const printed = [...lines, ...exchanges.flatMap((exchange) => report.record(exchange)), report.summary()];
    expect(exchanges[0]?.path).toBe('/tokens/[redacted]');
    expect(printed.join('\n')).toContain('DELETE /tokens/[redacted]');
    expect(printed.join('\n')).not.toContain('secret-');
  });
});
