import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { BodySource } from '../src/proxy/body-source.js';
import { nodeAnswer } from '../src/proxy/node-transport.js';

// The listener's node:http transport keeps connections to the API alive. An API that closes one as it sits idle can
// meet the next call on its way (seen in the production walk: a host's call after its backend had been paused came
// back 502). Here the API drops every kept-alive connection when the next call arrives on it, unread.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function closingApi(): Promise<{ url: string; served: () => number; reused: () => number }> {
  let served = 0;
  let reused = 0;
  const used = new WeakSet<object>();
  server = createServer((req, res) => {
    if (used.has(req.socket)) {
      reused++;
      req.socket.destroy();
      return;
    }
    used.add(req.socket);
    served++;
    req.resume();
    req.on('end', () => res.end(JSON.stringify({ served })));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = (server as Server).address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, served: () => served, reused: () => reused };
}

const text = async (source: BodySource | null) => {
  let out = '';
  for (let chunk = await source?.read(); chunk; chunk = await source?.read()) out += new TextDecoder().decode(chunk);
  return out;
};

describe('the node:http transport and kept-alive connections', () => {
  it('sends a call again when the API closed the reused connection without reading it', async () => {
    const api = await closingApi();
    const call = (n: number) =>
      nodeAnswer({ url: `${api.url}/users/${n}`, method: 'POST', headers: {}, body: `{"n":${n}}` }, 5000);
    const first = await call(1);
    expect(first.status).toBe(200);
    await text(first.body);
    // The agent takes the connection back once the answer has ended, a moment after its last bytes are read.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first call's connection went back to the pool; the API drops it when the second arrives on it.
    const second = await call(2);
    expect(second.status).toBe(200);
    expect(JSON.parse(await text(second.body))).toEqual({ served: 2 });
    expect(api.served()).toBe(2);
    expect(api.reused()).toBe(1);
  });
});
