import { describe, expect, it } from 'vitest';
import { sleep } from './fake-fetch.js';
import { proxyEntries } from './proxy-entries.js';

// Issue 21: an answer is passed on as it arrives, not held whole, with its length and failures kept. Both entries,
// the upstream a fetch whose answer's body is a stream the test drives; the listener's own node:http transport
// against a real upstream is held in proxy-listener.test.ts.
const endpoint = 'https://api.test';
const site = 'https://app.test';
const apiKey = 'server-side-key';
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

const exportCall = () =>
  new Request(`${site}/api/users.exportCsv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site, 'x-request-id': 'r1' },
    body: '{"query":{"accessToken":"tok"}}',
  });

/** An upstream whose answer sends `first`, then waits for `release()` before it sends `last` and ends. */
function drivenUpstream(headers: Record<string, string>, first: string, last: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { ended: false, cancelled: false };
  const fetch = (async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encode(first));
          await released;
          if (state.cancelled) return;
          controller.enqueue(encode(last));
          controller.close();
          state.ended = true;
        },
        cancel() {
          state.cancelled = true;
        },
      }),
      { headers },
    )) as typeof globalThis.fetch;
  return { fetch, release, state };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, sleep(ms).then(() => 'still waiting' as const)]);

describe.each(proxyEntries(site))('answers streamed, not held: %s', (_entry, createProxyHandler) => {
  it('hands the first bytes to the visitor before the upstream has sent the last', async () => {
    const upstream = drivenUpstream({ 'content-type': 'text/csv' }, 'id,name\n1,Ada\n', '2,Grace\n');
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const response = await within(handler(exportCall()), 2000);
    if (response === 'still waiting') throw new Error('the answer was held until the upstream ended');
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('1,Ada\n')) {
      const first = await within(reader.read(), 2000);
      if (first === 'still waiting' || first.done) throw new Error('the first bytes did not arrive');
      seen += decode(first.value);
    }
    expect(upstream.state.ended).toBe(false);
    upstream.release();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += decode(value);
    }
    expect(seen).toBe('id,name\n1,Ada\n2,Grace\n');
    expect(upstream.state.ended).toBe(true);
  });

  it('breaks the answer off, never ends it, when the upstream fails mid-body', async () => {
    const fetch = (async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encode('id,name\n1,Ada\n'));
            await sleep(20);
            controller.error(new TypeError('other side closed'));
          },
        }),
        { headers: { 'content-type': 'text/csv' } },
      )) as typeof globalThis.fetch;
    const response = await createProxyHandler({ endpoint, apiKey, fetch })(exportCall());
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it('never passes a short body as complete when the upstream sends fewer bytes than it declared', async () => {
    const fetch = (async () =>
      new Response('id,name\n1,Ada\n', {
        headers: { 'content-type': 'text/csv', 'content-length': '1000' },
      })) as typeof globalThis.fetch;
    // Its end arrives with its bytes, before the head is written: a 502 problem. Later, the answer is broken off.
    const outcome = await createProxyHandler({ endpoint, apiKey, fetch })(exportCall()).then(
      (response) =>
        response.status === 502
          ? 'a problem'
          : response.arrayBuffer().then(
              () => 'complete',
              () => 'broken off',
            ),
      () => 'broken off',
    );
    expect(outcome).toBe('a problem');
  });

  it('breaks the answer off when the upstream stalls mid-body past the timeout', async () => {
    const upstream = drivenUpstream({ 'content-type': 'text/csv' }, 'id,name\n', 'never');
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, timeoutMs: 100 });
    const response = await handler(exportCall());
    const started = performance.now();
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(upstream.state.cancelled).toBe(true);
    upstream.release();
  });

  it('lets go of the upstream when the visitor leaves mid-body', async () => {
    const upstream = drivenUpstream({ 'content-type': 'text/csv' }, 'id,name\n', 'never');
    const response = await createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch })(exportCall());
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    for (let i = 0; i < 100 && !upstream.state.cancelled; i++) await sleep(10);
    expect(upstream.state.cancelled).toBe(true);
    upstream.release();
  });

  it('lets go of the upstream when nobody reads the answer for the timeout', async () => {
    const upstream = drivenUpstream({ 'content-type': 'text/csv' }, 'id,name\n', 'never');
    const response = await createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, timeoutMs: 100 })(
      exportCall(),
    );
    expect(response.status).toBe(200);
    for (let i = 0; i < 100 && !upstream.state.cancelled; i++) await sleep(10);
    expect(upstream.state.cancelled).toBe(true);
    await expect(response.arrayBuffer()).rejects.toThrow();
    upstream.release();
  });

  it('still answers a 502 problem when the upstream fails before its first byte', async () => {
    const fetch = (async () =>
      new Response(
        new ReadableStream<Uint8Array>({ start: (controller) => controller.error(new TypeError('reset')) }),
        { headers: { 'content-type': 'application/json' } },
      )) as typeof globalThis.fetch;
    const response = await createProxyHandler({ endpoint, apiKey, fetch })(exportCall());
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ status: 502, requestId: 'r1' });
  });
});
