// The drill's backend faults: a proxy between the hosts and the mock (the hosts' API_ORIGIN) that, during the moments
// the drill opens, makes the sandbox answer 503 before it sees a call, hold a call for a second, or apply a call and
// lose its answer (a 503 in its place, or the connection cut). A call is faulted once at most (by its X-Request-Id,
// which every try of it carries), so each fault is one the SDK's retries are meant to cover. Each moment is a rule of
// the mock's own fault engine (`@runofshow/mock-server/control`, the one the control API and `Prefer` drive): one
// fault engine in the repository. It also serves the drill's 200 MiB export, streamed, where a real backend would.
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Fault, FaultEngine, faultAnswer, operationOf } from '@runofshow/mock-server/control';

export type FaultKind = 'unavailable' | 'stall' | 'lost' | 'cut';

export const FAULT_WORDS: Record<FaultKind, string> = {
  unavailable: '503 before the sandbox saw the call',
  stall: 'held 1 s, then passed',
  lost: 'applied, its answer replaced by a 503',
  cut: 'applied, its connection cut before the answer',
};

/** The export the drill streams through nginx and a host: its path on the backend and its size. */
export const EXPORT_PATH = '/users/csv';
export const EXPORT_BYTES = 200 * 1024 * 1024;

export interface ExportFigures {
  /** Milliseconds from the request reaching the backend to its first and last byte leaving it. */
  firstByteAt: number;
  lastByteAt: number;
  bytes: number;
}

export interface FaultProxy {
  url: string;
  /** Faults each call arriving until `ms` from now with `kind` (one moment at a time). */
  open(kind: FaultKind, ms: number): void;
  /** Faults done, by kind. */
  counts: Record<FaultKind, number>;
  /** The request id of each faulted call, with how. */
  faulted: Map<string, FaultKind>;
  /** Calls passed to the sandbox. */
  passed: number;
  /** Calls the mock never answered, by error code (each cuts the host's connection: a 502 to the visitor). */
  upstreamErrors: Map<string, number>;
  /** The last export served. */
  exported?: ExportFigures;
  stop(): Promise<void>;
}

/** Each of the drill's kinds as the fault engine's fault. */
const FAULTS: Record<FaultKind, Fault> = {
  unavailable: { kind: 'status', status: 503 },
  stall: { kind: 'stall', ms: 1000 },
  lost: { kind: 'lost', as: 'status' },
  cut: { kind: 'lost', as: 'cut' },
};
const KIND_OF = new Map<Fault, FaultKind>(Object.entries(FAULTS).map(([kind, fault]) => [fault, kind as FaultKind]));

function unavailable(res: ServerResponse, requestId: string | undefined, fault: Fault): void {
  const answer = faultAnswer(503, undefined, requestId, fault);
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) });
  res.end(answer.body);
}

/** 200 MiB of CSV rows, written as fast as the host takes them and no faster. */
function streamExport(res: ServerResponse, figures: ExportFigures, started: number): void {
  res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-length': String(EXPORT_BYTES) });
  const header = '_id,firstName,lastName,email,isVerified,pending,createdOn\n';
  const row = (i: number) =>
    `${i.toString(16).padStart(24, '0')},Ada,Lovelace,ada.${i}@example.com,true,false,2026-01-12T15:04:05Z\n`;
  let chunk = header;
  let i = 0;
  while (chunk.length < 64 * 1024) chunk += row(i++);
  const block = Buffer.from(chunk.slice(0, 64 * 1024));
  let left = EXPORT_BYTES;
  const pump = () => {
    while (left > 0) {
      const piece = left >= block.length ? block : block.subarray(0, left);
      left -= piece.length;
      figures.bytes += piece.length;
      if (figures.firstByteAt === 0) figures.firstByteAt = performance.now() - started;
      if (left === 0) {
        figures.lastByteAt = performance.now() - started;
        res.end(piece);
        return;
      }
      if (!res.write(piece)) return void res.once('drain', pump);
    }
  };
  res.on('close', () => {
    left = 0;
  });
  pump();
}

export async function startFaultProxy(target: string, host = '127.0.0.1'): Promise<FaultProxy> {
  const upstream = new URL(target);
  const engine = new FaultEngine();
  let moment: string | undefined;
  const proxy: FaultProxy = {
    url: '',
    open(kind, ms) {
      if (moment) engine.remove(moment);
      moment = engine.add({ fault: FAULTS[kind], forMs: ms, oncePerRequest: true }).id;
    },
    counts: { unavailable: 0, stall: 0, lost: 0, cut: 0 },
    faulted: new Map(),
    passed: 0,
    upstreamErrors: new Map(),
    stop: async () => {},
  };

  const pass = (req: IncomingMessage, res: ServerResponse, after?: 'lost' | 'cut') => {
    proxy.passed++;
    const outgoing = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
        // A connection per call: a kept-alive one the mock closes as it is reused would be a fault nobody chose.
        agent: false,
      },
      (answer) => {
        if (!after) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        // The sandbox has answered, so the call is applied; the host never learns how.
        answer.resume();
        answer.on('end', () => {
          if (after === 'cut') res.socket?.destroy();
          else unavailable(res, req.headers['x-request-id'] as string | undefined, FAULTS.lost);
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      proxy.upstreamErrors.set(code, (proxy.upstreamErrors.get(code) ?? 0) + 1);
      res.socket?.destroy();
    });
    req.pipe(outgoing);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://backend.invalid').pathname;
    if (req.method === 'GET' && path === EXPORT_PATH) {
      req.resume();
      proxy.exported = { firstByteAt: 0, lastByteAt: 0, bytes: 0 };
      return streamExport(res, proxy.exported, performance.now());
    }
    const id = req.headers['x-request-id'];
    const requestId = typeof id === 'string' ? id : undefined;
    // The readiness probe (`GET /`, no operation, no request id) and a call faulted once already pass untouched.
    const { fault } = engine.decide({ operationId: operationOf(req.method ?? 'GET', path), requestId });
    const current = fault && KIND_OF.get(fault);
    if (!fault || !current || !requestId) return pass(req, res);
    proxy.faulted.set(requestId, current);
    proxy.counts[current]++;
    if (fault.kind === 'status') {
      req.resume();
      return unavailable(res, requestId, fault);
    }
    if (fault.kind === 'stall') return void setTimeout(() => pass(req, res), fault.ms);
    pass(req, res, current === 'cut' ? 'cut' : 'lost');
  });
  // The hosts' upstream agent keeps idle connections open until the server closes them: at Node's 5 s default, a host
  // could send a call on a connection this proxy was closing that instant, a 502 nobody chose (as the sandbox's own
  // keep-alive, 30 s). A suspect, not a proven cause, of a drill run whose write met three 502s.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://${host}:${port}`;
  proxy.stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}
