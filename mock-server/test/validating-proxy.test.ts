import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import type { Exchange } from '../src/mock-front.js';
import { type RunningStack, startStack } from '../src/stack.js';
import { ViolationReport } from '../src/violation-report.js';
import { badEmailPathErrors } from './support/bad-email.js';
import { sharedValidatingPrism } from './support/shared-validating-prism.js';

// `npm run mock:proxy` against a tiny local backend that breaks the description on purpose: Prism in proxy mode with
// --errors must turn the wrong answer into a 500 listing the rule, and the report must name the call and the rule.
const seen: string[] = [];
let upstream: Server;
let stack: RunningStack;
const report = new ViolationReport();
const printed: string[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    if (req.url?.endsWith('/has2fa')) {
      // The description says a boolean.
      return void res.end(JSON.stringify({ hasTwoFactorAuth: 'yes' }));
    }
    res.end(JSON.stringify({ domain: 'example.com', emailMatchers: ['*@example.com'], provider: 'saml' }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  stack = await startStack({
    mockPort: await freePort(),
    upstream: `http://127.0.0.1:${port}`,
    errors: true,
    validatingPrism: sharedValidatingPrism,
    onExchange: (exchange: Exchange) => printed.push(...report.record(exchange)),
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

const get = (path: string) => fetch(`${stack.mock.url}${path}`, { headers: { 'X-Api-Key': 'qa-key' } });

describe('the validating proxy (npm run mock:proxy)', () => {
  it('passes a response that keeps to the description through unchanged, and reports nothing', async () => {
    const response = await get('/ssoconfig/example.com');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      domain: 'example.com',
      emailMatchers: ['*@example.com'],
      provider: 'saml',
    });
    expect(seen).toContain('GET /ssoconfig/example.com');
    expect(printed).toEqual([]);
  });

  it('turns a wrong upstream response into a 500 naming the rule, and reports it as it happens', async () => {
    const response = await get('/users/ada%40example.com/has2fa');
    expect(seen).toContain('GET /users/ada%40example.com/has2fa');
    expect(response.status).toBe(500);
    const problem = (await response.json()) as { validation?: { location: string[]; message: string }[] };
    expect(problem.validation?.map((v) => v.location.join('.'))).toContain('response.body.hasTwoFactorAuth');
    expect(printed[0]).toBe('✖ GET /users/ada%40example.com/has2fa → 500');
    expect(printed.join('\n')).toMatch(/response\.body\.hasTwoFactorAuth \[type\]: .*boolean/);
    expect(report.summary()).toContain('1 of 2 exchanges broke the description.');
    expect(report.summary()).toMatch(
      /GET \/users\/ada%40example\.com\/has2fa\n {4}1× response\.body\.hasTwoFactorAuth/,
    );
  });

  it('refuses a request that breaks the description before the backend sees it, and reports it', async () => {
    const response = await get('/users/not-an-email/has2fa');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual(badEmailPathErrors());
    expect(seen).not.toContain('GET /users/not-an-email/has2fa');
    expect(printed.join('\n')).toContain('✖ GET /users/not-an-email/has2fa → 422');
    expect(printed.join('\n')).toMatch(/request\.path\.email \[format\]/);
  });
});
