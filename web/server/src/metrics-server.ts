import { createServer } from 'node:http';
import { isIP } from 'node:net';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import type { HostMetrics } from './metrics.js';

/**
 * The Host names the metrics port answers (issue 29 F9): an IP address, `localhost`, or a name the deployment gives
 * (`METRICS_HOSTS`). It answered any Host, so a page on a name of the attacker's that resolves to this machine (DNS
 * rebinding) could read it from a browser inside the network. A scraper calls it by address or by a name it is given.
 */
export function metricsHostAllowed(host: string | undefined, names: readonly string[] = []): boolean {
  const value = (host ?? '').toLowerCase();
  const name = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value)?.[1] ?? /^([^:]+)(?::\d{1,5})?$/.exec(value)?.[1];
  if (name === undefined) return false;
  return isIP(name) !== 0 || name === 'localhost' || names.includes(name);
}

/** Serves `GET /metrics` (Prometheus text format) on a port of its own, away from the visitors' port. */
export function startMetricsServer(
  metrics: HostMetrics,
  port: number,
  host?: string,
  names: readonly string[] = [],
): Promise<RunningServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!metricsHostAllowed(req.headers.host, names)) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end('Unknown host');
    }
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end('Not found: metrics are at GET /metrics');
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Metrics could not be collected');
      },
    );
  });
  return listen(server, port, host);
}
