// The one fault engine of the repository (issue 32): the mock's control API, `Prefer`, the MSW twin and the fault
// drill all decide through it. It holds rules and answers, for each call, how long to hold it and which fault to
// inject; carrying the decision out belongs to the transport (node:http in the mock's front, fetch in MSW).
import { SeededRandom } from './random.js';

/** The statuses a fault may answer with: what a gateway or a busy backend really says. */
export const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

export type Fault =
  /** Answered at once with this status, the backend never seeing the call (429 carries `Retry-After`). */
  | { kind: 'status'; status: FaultStatus; retryAfter?: number }
  /** Held `ms`, then passed on. */
  | { kind: 'stall'; ms: number }
  /** The connection cut before the backend saw the call. */
  | { kind: 'cut' }
  /** Passed on and applied, then its answer lost: replaced by a 503, or the connection cut. */
  | { kind: 'lost'; as: 'status' | 'cut' };

export interface Latency {
  /** Milliseconds; a fixed latency has min = max. */
  min: number;
  max: number;
}

export interface RuleInput {
  /** operationIds or globs (`events.*`, `*.create`); every operation when absent. */
  operations?: string[];
  latency?: Latency;
  fault?: Fault;
  /** The next N calls it matches, then it is spent. */
  times?: number;
  /** Each matching call with this chance, drawn from `seed` (1 by default) so a run replays. */
  probability?: number;
  seed?: number;
  /** Only calls arriving within this many milliseconds of the rule being added. */
  forMs?: number;
  /** A call (by its `X-Request-Id`) is faulted once at most, so its retries pass; a call without one is not faulted. */
  oncePerRequest?: boolean;
}

export interface Rule extends RuleInput {
  id: string;
  /** Calls it has acted on. */
  used: number;
}

export interface Decision {
  latencyMs: number;
  fault?: Fault;
  /** The rule that chose the fault, or `prefer` when the request asked for it. */
  by?: string;
}

export interface CallFacts {
  /** Undefined when the request is for no operation of the description (the mock then never faults it). */
  operationId: string | undefined;
  requestId: string | undefined;
}

/** A glob over operationIds: `*` is any run of characters. */
function globMatches(glob: string, operationId: string): boolean {
  const source = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(operationId);
}

export class FaultEngine {
  readonly #rules: { rule: Rule; random: SeededRandom; until: number | undefined }[] = [];
  readonly #faulted = new Set<string>();
  #next = 1;

  constructor(readonly clock: () => number = () => performance.now()) {}

  add(input: RuleInput): Rule {
    const rule: Rule = { ...input, id: `rule-${this.#next++}`, used: 0 };
    const until = input.forMs === undefined ? undefined : this.clock() + input.forMs;
    this.#rules.push({ rule, random: new SeededRandom(input.seed ?? 1), until });
    return rule;
  }

  /** The rules still in force, oldest first. */
  rules(): Rule[] {
    const now = this.clock();
    return this.#rules.filter((r) => this.#live(r, now)).map((r) => ({ ...r.rule }));
  }

  remove(id: string): boolean {
    const at = this.#rules.findIndex((r) => r.rule.id === id);
    if (at >= 0) this.#rules.splice(at, 1);
    return at >= 0;
  }

  clear(): void {
    this.#rules.length = 0;
    this.#faulted.clear();
  }

  #live(entry: { rule: Rule; until: number | undefined }, now: number): boolean {
    const { rule, until } = entry;
    return (rule.times === undefined || rule.used < rule.times) && (until === undefined || now < until);
  }

  /**
   * What to do with one call: the first live rule that matches gives the latency, the first that matches and wins
   * its draw gives the fault. A rule counts the calls it acted on against `times`.
   */
  decide(call: CallFacts): Decision {
    const decision: Decision = { latencyMs: 0 };
    const { operationId, requestId } = call;
    if (operationId === undefined) return decision;
    const now = this.clock();
    let latencyChosen = false;
    for (const entry of this.#rules) {
      const { rule, random } = entry;
      if (!this.#live(entry, now)) continue;
      if (rule.operations && !rule.operations.some((glob) => globMatches(glob, operationId))) continue;
      const wantsLatency = rule.latency !== undefined && !latencyChosen;
      let wantsFault = rule.fault !== undefined && decision.fault === undefined;
      if (wantsFault && rule.oncePerRequest && (requestId === undefined || this.#faulted.has(requestId))) {
        wantsFault = false;
      }
      if (!wantsLatency && !wantsFault) continue;
      if (rule.probability !== undefined && !(random.next() < rule.probability)) continue;
      if (wantsLatency && rule.latency) {
        decision.latencyMs = pickLatency(rule.latency, random);
        latencyChosen = true;
      }
      if (wantsFault && rule.fault) {
        decision.fault = rule.fault;
        decision.by = rule.id;
        if (requestId !== undefined) this.#faulted.add(requestId);
      }
      rule.used++;
    }
    return decision;
  }
}

function pickLatency(latency: Latency, random: SeededRandom): number {
  return latency.min === latency.max ? latency.min : random.between(latency.min, latency.max);
}

/** How a fault reads in the journal and the `X-Mock-Fault` header. */
export function describeFault(fault: Fault): string {
  switch (fault.kind) {
    case 'status':
      return fault.retryAfter === undefined
        ? `status ${fault.status}`
        : `status ${fault.status} retry-after ${fault.retryAfter}`;
    case 'stall':
      return `stall ${fault.ms}ms`;
    case 'cut':
      return 'cut';
    case 'lost':
      return fault.as === 'cut' ? 'lost, connection cut' : 'lost, 503';
  }
}

const TITLES: Record<FaultStatus, [string, string, string]> = {
  429: ['too-many-requests', 'Too many requests', 'Too many requests; try again later.'],
  500: ['server-error', 'Server error', 'The server failed to answer.'],
  502: ['bad-gateway', 'Bad gateway', 'The server behind the gateway did not answer.'],
  503: ['service-unavailable', 'Service unavailable', 'The service is unavailable; try again shortly.'],
  504: ['gateway-timeout', 'Gateway timeout', 'The server behind the gateway took too long.'],
};

/** The answer of a status fault (or of a lost answer's 503): the Problem the description's errors carry. */
export function faultAnswer(
  status: FaultStatus,
  retryAfter: number | undefined,
  requestId: string | undefined,
  fault: Fault,
): { status: number; headers: Record<string, string>; body: string } {
  const [slug, title, detail] = TITLES[status];
  const body = JSON.stringify({ type: `https://errors.runofshow.dev/${slug}`, title, status, detail });
  const after = retryAfter ?? (status === 429 ? 1 : undefined);
  return {
    status,
    headers: {
      'content-type': 'application/problem+json',
      'cache-control': 'no-store',
      [FAULT_HEADER]: describeFault(fault),
      ...(after === undefined ? {} : { 'retry-after': String(after) }),
      ...(requestId ? { 'x-request-id': requestId } : {}),
    },
    body,
  };
}

/** Names the fault injected into an answer, for QA reading the network panel. */
export const FAULT_HEADER = 'x-mock-fault';
