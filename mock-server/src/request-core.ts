// One call through the mock, free of any transport (issue 32): the HTTP front (mock-front.ts) and the MSW twin
// (msw/) both hand it what they received and carry out what it returns, so the two cannot drift. The steps: a body
// that is not JSON, `Prefer`'s faults and the fault rules, latency, the scenario accounts, the backend (Prism and the
// sandbox behind it over HTTP; the description's validator and the sandbox's core in MSW), Prism's verdict turned
// into our 422, the lost answer, CORS, and the journal.
import type { Control } from './control/control.js';
import { type Decision, describeFault, type Fault, type FaultStatus, faultAnswer } from './control/faults.js';
import { journalBody } from './control/journal.js';
import { operationOf } from './control/operations.js';
import { readPrefer } from './control/prefer.js';
import type { Exchange } from './exchange.js';
import { redactPath } from './redact-path.js';
import type { scenarioMatcher } from './scenario-match.js';
import {
  readViolations,
  requestErrors,
  VIOLATIONS_HEADER,
  validationProblem,
  violationsInPrismProblem,
} from './violations.js';

export interface CoreRequest {
  method: string;
  /** Path and query as the client sent them. */
  url: URL;
  /** The client's headers, hop-by-hop ones left out. */
  headers: Headers;
  body: Uint8Array;
  /** The client's address (the transport worked it out). */
  client: string;
}

/** What the backend answered; `sl-violations` (Prism's header) lists the rules the exchange broke. */
export interface BackendAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/** Answers a call that passed the front: Prism over HTTP, the validator and the sandbox's core in MSW. */
export type Backend = (call: {
  method: string;
  url: URL;
  headers: Headers;
  body: Uint8Array;
  /** Whether the sandbox (not the description's examples) is to answer it. */
  toSandbox: boolean;
}) => Promise<BackendAnswer>;

export type CoreAnswer =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: Uint8Array }
  /** The transport drops the connection (a `cut` fault, or a lost answer cut). */
  | { kind: 'cut' };

export interface CoreOptions {
  transport: 'http' | 'msw';
  backend: Backend;
  control?: Control | undefined;
  /** Scenario accounts turned into a `Prefer` choice. */
  match?: ReturnType<typeof scenarioMatcher> | undefined;
  /** Which calls the sandbox answers (those of its operations that carry no `Prefer`). */
  sandboxHandles?: ((method: string, path: string) => boolean) | undefined;
  /** The e-mail address of an access token's user (the journal's `caller`). */
  callerOf?: ((accessToken: string) => string | undefined) | undefined;
  onExchange?: ((exchange: Exchange) => void) | undefined;
  log?: ((line: string) => void) | undefined;
}

/** Scenario name of the answer, for QA reading the network panel. */
export const SCENARIO_HEADER = 'x-mock-scenario';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  'expect',
  'proxy-connection',
]);

/** Whether a header belongs to one hop only (never passed on or answered). */
export const isHopByHop = (name: string) => HOP_BY_HOP.has(name);

/**
 * CORS for any origin: the API authenticates with a header and query parameters, never cookies, so any page may
 * read its answers. Every response header is exposed (Retry-After, X-Request-Id, the scenario) by name, which
 * works whether or not the browser sends credentials.
 */
export function corsHeaders(origin: string | undefined, exposed: string[]): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    ...(origin ? { vary: 'Origin' } : {}),
    ...(exposed.length ? { 'access-control-expose-headers': exposed.join(', ') } : {}),
  };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function isBrokenJson(body: Uint8Array, type: string | null): boolean {
  if (!body.length || !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type ?? '')) return false;
  try {
    JSON.parse(decoder.decode(body));
    return false;
  } catch {
    return true;
  }
}

export function parseJson(body: Uint8Array, type: string | null): unknown {
  if (!body.length || !/\bjson\b/i.test(type ?? '')) return undefined;
  try {
    return JSON.parse(decoder.decode(body));
  } catch {
    return undefined;
  }
}

/** A problem answer of the front's own, with CORS so a page can read it. */
export function problemAnswer(origin: string | undefined, status: number, title: string, detail: string): CoreAnswer {
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const body = encoder.encode(JSON.stringify({ type: `https://errors.runofshow.dev/${slug}`, title, status, detail }));
  return {
    kind: 'answer',
    status,
    headers: {
      'content-type': 'application/problem+json',
      'cache-control': 'no-store',
      ...corsHeaders(origin, []),
    },
    body,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A status fault's answer (or a lost answer's 503), readable by a page. */
function faultReply(
  origin: string | undefined,
  fault: Fault,
  status: FaultStatus,
  retryAfter: number | undefined,
  requestId: string | undefined,
): CoreAnswer {
  const answer = faultAnswer(status, retryAfter, requestId, fault);
  return {
    kind: 'answer',
    status: answer.status,
    headers: { ...answer.headers, ...corsHeaders(origin, Object.keys(answer.headers)) },
    body: encoder.encode(answer.body),
  };
}

/** One call (not a preflight, the outbox, a file or the control API: the transport answers those itself). */
export async function answerCall(options: CoreOptions, request: CoreRequest): Promise<CoreAnswer> {
  const { control } = options;
  const { url, body } = request;
  const headers = new Headers(request.headers);
  const method = request.method.toUpperCase();
  const origin = headers.get('origin') ?? undefined;
  const started = performance.now();
  const at = new Date().toISOString();
  const seq = control?.journal.take() ?? 0;
  const type = headers.get('content-type');
  // Prism never answers a JSON request whose body is not JSON (it held each one ~300 s, then dropped it): the front
  // answers it at once, as the description's 400 says.
  if (isBrokenJson(body, type)) return problemAnswer(origin, 400, 'Bad request', 'The body is not valid JSON.');
  // Whoever called, the sandbox learns the client's address from this one entry, never the caller's.
  headers.set('x-forwarded-for', request.client);
  const operationId = operationOf(method, url.pathname);
  const requestId = headers.get('x-request-id') ?? undefined;
  let decision: Decision | undefined;
  if (control) {
    const preferred = readPrefer(headers.get('prefer'));
    if (preferred.error) return problemAnswer(origin, 400, 'Bad request', `Prefer: ${preferred.error}`);
    if (preferred.rest === undefined) headers.delete('prefer');
    else headers.set('prefer', preferred.rest);
    decision = preferred.decision ?? control.faults.decide({ operationId, requestId });
  }
  const journal = (status: number | null, violations: string[], applied: boolean) =>
    control?.journal.record({
      seq,
      at,
      method,
      path: redactPath(url.pathname),
      operationId: operationId ?? null,
      transport: options.transport,
      requestId: requestId ?? null,
      idempotencyKey: headers.get('idempotency-key'),
      caller: callerOf(options, url.searchParams.get('accessToken')),
      status,
      durationMs: performance.now() - started,
      fault: decision?.fault ? describeFault(decision.fault) : null,
      applied,
      violations,
      body: journalBody(parseJson(body, type)),
    });
  const fault = decision?.fault;
  if (decision?.latencyMs) await sleep(decision.latencyMs);
  if (fault?.kind === 'status') {
    journal(fault.status, [], false);
    return faultReply(origin, fault, fault.status, fault.retryAfter, requestId);
  }
  if (fault?.kind === 'cut') {
    journal(null, [], false);
    return { kind: 'cut' };
  }
  if (fault?.kind === 'stall') await sleep(fault.ms);
  const scenario = headers.has('prefer')
    ? undefined
    : options.match?.({ method, path: url.pathname, query: url.searchParams, body: parseJson(body, type) });
  if (scenario) {
    headers.set('prefer', scenario.prefer);
    options.log?.(`scenario "${scenario.name}": ${method} ${redactPath(url.pathname)} → Prefer: ${scenario.prefer}`);
  }
  const toSandbox = Boolean(!headers.has('prefer') && options.sandboxHandles?.(method, url.pathname));
  const answer = await options.backend({ method, url, headers, body, toSandbox });
  let payload = answer.body;
  const listed = readViolations(answer.headers.get(VIOLATIONS_HEADER));
  const violations = listed.length ? listed : violationsInPrismProblem(payload, answer.headers.get('content-type'));
  // Exchanges are printed (`npm run mock`, `mock:proxy`): a token in the path never is.
  options.onExchange?.({
    method,
    path: redactPath(url.pathname),
    status: answer.status,
    violations,
    sandbox: toSandbox,
  });
  const verdict = violations.map((v) => `${v.location.join('.')}: ${v.message}`);
  const applied =
    toSandbox &&
    method !== 'GET' &&
    method !== 'HEAD' &&
    answer.status < 400 &&
    !answer.headers.has('idempotent-replayed');
  if (fault?.kind === 'lost') {
    // Applied behind the front; the client never learns how.
    journal(fault.as === 'cut' ? null : 503, verdict, applied);
    return fault.as === 'cut' ? { kind: 'cut' } : faultReply(origin, fault, 503, undefined, requestId);
  }

  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !name.startsWith('access-control-') && name !== 'content-encoding') {
      out[name] = value;
    }
  });
  if (scenario) out[SCENARIO_HEADER] = scenario.name;
  const refused = requestErrors(violations);
  let status = answer.status;
  if (refused.length) {
    status = 422;
    payload = encoder.encode(JSON.stringify(validationProblem(refused, url.pathname, requestId ?? null)));
    out['content-type'] = 'application/problem+json';
  }
  Object.assign(out, corsHeaders(origin, Object.keys(out)));
  journal(status, verdict, applied);
  return { kind: 'answer', status, headers: out, body: payload };
}

function callerOf(options: CoreOptions, accessToken: string | null): string | null {
  return (accessToken && options.callerOf?.(accessToken)) || null;
}
