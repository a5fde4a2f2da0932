import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_SHELL } from '@runofshow/devkit/chromium';

// A page on plain http from a name other than localhost (an intranet host, a phone on the LAN trying the dev server)
// is not a secure context: it has no `crypto.randomUUID`, and every SDK call used to throw a TypeError at once. Here
// Chromium resolves `runofshow.test` to loopback, where a pass-through stands in front of the test's site server
// (which answers only to its own address); the app then calls the mock directly, as it does everywhere.
const HOST = 'runofshow.test';
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.use({
  launchOptions: {
    executablePath: CHROMIUM_SHELL,
    args: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

let server: Server;
let origin: string;

test.beforeAll(async ({ baseURL }) => {
  const site = new URL(baseURL ?? '');
  server = createServer((incoming, outgoing) => {
    const upstream = forward(
      {
        host: site.hostname,
        port: site.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: site.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('signs in from a page outside a secure context, each call with a version 4 request id', async ({ page }) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  const ids: string[] = [];
  page.on('request', (request) => {
    const id = request.headers()['x-request-id'];
    if (id && !new URL(request.url()).pathname.startsWith('/app.login')) ids.push(id);
  });

  await page.goto(`${origin}/app.login/login`);
  expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID])).toEqual([false, 'undefined']);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(`${origin}/dash/redirect`);
  await expect(page.getByTestId('dash-path')).toHaveText('/dash/redirect');
  // The e-mail lookup (§2) and the sign-in itself, at least.
  expect(ids.length).toBeGreaterThanOrEqual(2);
  for (const id of ids) expect(id).toMatch(V4);
  expect(failures).toEqual([]);
});
