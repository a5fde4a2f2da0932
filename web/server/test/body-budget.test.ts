import { connect, type Socket } from 'node:net';
import { raw } from '@runofshow/devkit/raw-http';
import { operations } from '@runofshow/sdk/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../src/index.js';
import { builtApp, testHost } from './support.js';

// Issue 29 F4: the proxy holds each /api body whole, and nothing bounded them in all (100 bodies of up to 10 MiB at
// once took a host from 55 MiB to 2.86 GB). Here with a 1,000-byte body limit and room for three bodies in all.
let site: RunningHost;
let host: string;
const held: Socket[] = [];

beforeAll(async () => {
  ({ host: site } = await testHost({
    appDir: await builtApp(),
    apiMode: 'proxy',
    operations,
    maxBodyBytes: 1000,
    apiBodyBudgetBytes: 3000,
  }));
  host = new URL(site.url).host;
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await site.stop();
});

/** A call that declares `length` bytes of body and sends only its first byte, holding its connection open. */
function holdBody(length: number): Promise<Socket> {
  const { port } = new URL(site.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `POST /api/tokens.getUser HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${site.url}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`,
      );
      held.push(socket);
      // The host has the request once its headers are parsed; give it a moment to reserve.
      setTimeout(() => resolve(socket), 100);
    });
    socket.on('error', () => undefined);
  });
}

const call = () =>
  fetch(`${site.url}/api/tokens.getUser`, {
    method: 'POST',
    headers: { origin: site.url, 'content-type': 'application/json' },
    body: '{}',
  });

describe('bodies /api holds in all', () => {
  it('answers 503 with Retry-After past the total, before reading the body, and takes calls again once it has room', async () => {
    const three = await Promise.all([holdBody(1000), holdBody(1000), holdBody(1000)]);
    const refused = await call();
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await refused.json()).toMatchObject({ status: 503, title: 'Service unavailable' });
    // A chunked body reserves the whole per-body limit: refused too.
    const chunked = await raw(
      site.url,
      `POST /api/tokens.getUser HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${site.url}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    );
    expect(chunked.status).toBe(503);
    for (const socket of three) socket.destroy();
    await expect.poll(async () => (await call()).status, { timeout: 5000 }).toBe(200);
  });
});

describe('a body on any other path', () => {
  it('is not read: the connection closes once the answer is out, without waiting for the body', async () => {
    const started = performance.now();
    const answer = await raw(
      site.url,
      `POST /app.login/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\nsome of it`,
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.connection).toBe('close');
    // The host's request timeout is 30 s: it used to read and discard the body until then.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
