import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The host's Prometheus metrics (prom-client), each host with its own registry: requests by route, method and status,
 * their durations, the backend's time to answer and its failures, and Node's own (event loop, memory, GC, handles).
 */
export class HostMetrics {
  readonly registry = new Registry();
  readonly #requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly #duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly #upstream = new Histogram({
    name: 'upstream_duration_seconds',
    help: "Time from a proxied call leaving to the backend's answer headers (or the failure), by outcome.",
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly #upstreamErrors = new Counter({
    name: 'upstream_errors_total',
    help: 'Proxied calls that got no answer from the backend, by kind (timeout, unreachable), and 5xx answers.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  request(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method: METHODS.has(method) ? method : 'other', status: String(status) };
    this.#requests.inc(labels);
    this.#duration.observe(labels, seconds);
  }

  upstream(outcome: 'answer' | 'timeout' | 'unreachable', seconds: number, status?: number): void {
    this.#upstream.observe({ outcome }, seconds);
    if (outcome !== 'answer') this.#upstreamErrors.inc({ kind: outcome });
    else if (status !== undefined && status >= 500) this.#upstreamErrors.inc({ kind: `status_${status}` });
  }
}

// Methods as labels: a client's invented method must not grow the series without bound.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
