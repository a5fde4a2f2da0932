import { createServer } from 'node:http';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import type { HostMetrics } from './metrics.js';

/** Serves `GET /metrics` (Prometheus text format) on a port of its own, away from the visitors' port. */
export function startMetricsServer(metrics: HostMetrics, port: number, host?: string): Promise<RunningServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
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
