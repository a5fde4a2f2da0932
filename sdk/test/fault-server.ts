import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small deterministic random source (mulberry32), so a failing run can be replayed from its seed. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the server does with one try. */
export type Fate =
  | 'drop' // the connection closes before the write is applied
  | 'bad-gateway' // 502 before the write is applied
  | 'slow' // answered after a short delay, in time
  | 'applied-then-drop' // applied, then the connection closes: the answer is lost
  | 'applied-then-late' // applied, answered after the client's timeout
  | 'ok';

export interface FaultServer {
  url: string;
  /** Sequence numbers in the order they were applied (once per idempotency key). */
  applied: number[];
  /** How often each fate was dealt. */
  fates: Record<Fate, number>;
  close(): Promise<void>;
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A write endpoint that fails the way networks do, with a server-side idempotency store: a key it has seen is
 * answered with the first result and never applied again (the behaviour the description asks of the real API).
 */
export async function startFaultServer(options: { fate: (key: string, attempt: number) => Fate; lateMs: number }) {
  const store = new Map<string, string>();
  const attempts = new Map<string, number>();
  const applied: number[] = [];
  const fates: Record<Fate, number> = {
    drop: 0,
    'bad-gateway': 0,
    slow: 0,
    'applied-then-drop': 0,
    'applied-then-late': 0,
    ok: 0,
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const key = String(req.headers['idempotency-key'] ?? '');
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const fate = options.fate(key, attempt);
      fates[fate]++;
      if (fate === 'drop') return req.socket.destroy();
      if (fate === 'bad-gateway') {
        res.writeHead(502, { 'content-type': 'application/problem+json' });
        return res.end(JSON.stringify({ type: 'about:blank', title: 'Bad gateway', status: 502 }));
      }
      if (fate === 'slow') await sleep(5);
      let answer = store.get(key);
      if (answer === undefined) {
        const { title } = JSON.parse(body) as { title: string };
        applied.push(Number(title.replace(/\D/g, '')));
        answer = JSON.stringify({ _id: key.replace(/-/g, '').slice(0, 24), title });
        store.set(key, answer);
      }
      if (fate === 'applied-then-drop') return req.socket.destroy();
      if (fate === 'applied-then-late') await sleep(options.lateMs);
      if (res.destroyed) return;
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(answer);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    applied,
    fates,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  } satisfies FaultServer;
}
