import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHROMIUM_FLAGS, CHROMIUM_SHELL } from '@runofshow/devkit/chromium';
import { createApiClient } from '@runofshow/sdk';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { startSandbox } from '../src/stack.js';
import { quickHasher } from './support/quick-hasher.js';

// Issue 33: @runofshow/sdk/react-query in real Chromium over the sandbox's state. The page (support/react-query-page)
// is bundled with esbuild and served from one origin with the sandbox behind it, so the browser calls it directly.
// Every API request the page sends is logged here, with its Idempotency-Key.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let server: ReturnType<typeof createServer>;
let browser: Browser;
let page: Page;
const sent: { method: string; path: string; key: string | undefined }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox('127.0.0.1', { hasher: quickHasher });
  const api = createApiClient({ endpoint: sandbox.backend.url, apiKey: 'react-query-test', logger: false });
  const { accessToken } = await api.auth.login({ payload: { email: 'ada@example.com', password: SEED_PASSWORD } });
  const signedIn = api.withOptions({ getAccessToken: () => accessToken });
  const team = await signedIn.teams.create({
    payload: { title: 'Query Checks', email: 'ada@example.com', defaultTimeZone: 'America/New_York' },
  });
  for (let i = 1; i <= 5; i++) {
    await signedIn.events.create({
      params: { teamId: team._id },
      payload: {
        title: `Paged ${i}`,
        description: 'Made by the test.',
        startOn: '2026-09-18T13:00:00Z',
        endOn: '2026-09-18T22:00:00Z',
        timezone: 'America/New_York',
      },
    });
  }
  const bundle = await build({
    entryPoints: [new URL('./support/react-query-page.tsx', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'esm',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  server = createServer(async (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/page.js')) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    if (url.startsWith('/page.html')) {
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><div id="root"></div><script type="module" src="/page.js"></script>');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const key = req.headers['idempotency-key'];
    sent.push({ method: req.method ?? '', path: url, key: typeof key === 'string' ? key : undefined });
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === 'string' && name !== 'host' ? [[name, value]] : [],
      ),
    );
    const answer = await fetch(`${sandbox.backend.url}${url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_SHELL, args: CHROMIUM_FLAGS });
  page = await browser.newPage();
  const config = JSON.stringify({ token: accessToken, teamId: team._id });
  await page.goto(`${origin}/page.html?config=${encodeURIComponent(config)}`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await sandbox?.backend.stop();
});

const listReads = () =>
  sent.filter((r) => r.method === 'GET' && r.path.includes('/event/search?') && r.path.includes('term=Show'));
const text = (selector: string) => page.locator(selector).innerText();

describe('@runofshow/sdk/react-query in Chromium', () => {
  it('suspends until a read answers, then shows it', async () => {
    await page.locator('#team', { hasText: 'Query Checks' }).waitFor();
  });

  it("creates an event with a mutation, and the team's event list refetches and shows it", async () => {
    await page.locator('#events', { hasText: 'none' }).waitFor();
    expect(listReads()).toHaveLength(1);
    await page.click('#create');
    await page.locator('#events li', { hasText: 'Show one' }).waitFor();
    expect(listReads()).toHaveLength(2);
    const writes = sent.filter((r) => r.method === 'POST' && r.path.startsWith('/teams/'));
    expect(writes).toHaveLength(1);
    expect(writes[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pages an infinite list to its end, asking for no page past it', async () => {
    await page.locator('#paged', { hasText: '2 items in 1 pages, more' }).waitFor();
    await page.click('#more');
    await page.locator('#paged', { hasText: '4 items in 2 pages, more' }).waitFor();
    await page.click('#more');
    await page.locator('#paged', { hasText: '5 items in 3 pages, end' }).waitFor();
    expect(await page.locator('#more').isDisabled()).toBe(true);
    const pages = sent
      .filter((r) => r.path.includes('term=Paged'))
      .map((r) => new URL(r.path, 'http://x').searchParams.get('page'));
    // Page 1 on load, page 1 again when the create above made the team's event lists stale (`More` waits while a
    // fetch is on), then 2 and 3, and not a 4th: the total said where the list ends.
    expect(pages).toEqual(['1', '1', '2', '3']);
  });

  it('rolls back what an optimistic update wrote when the mutation fails, its retry under the same key', async () => {
    const before = await text('#events');
    const reads = listReads().length;
    await page.click('#fail');
    await page.waitForFunction(() => (globalThis as unknown as { seen: string[] }).seen.length > 0);
    expect(await page.evaluate(() => (globalThis as unknown as { seen: string[] }).seen)).toEqual([
      'rolled back: AuthError',
    ]);
    expect(await text('#events')).toBe(before);
    expect(await text('#events')).not.toContain('Show ghost');
    const tries = sent.filter((r) => r.method === 'POST' && r.path.startsWith(`/teams/${'0'.repeat(24)}/`));
    expect(tries).toHaveLength(2);
    expect(tries[0]?.key).toBeDefined();
    expect(tries[1]?.key).toBe(tries[0]?.key);
    // A failed write changed nothing: no read is refetched for it.
    expect(listReads()).toHaveLength(reads);
  });
});
