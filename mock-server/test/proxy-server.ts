import { createServer } from 'node:http';
import { listen, type RunningServer } from '@runofshow/devkit/listen';
import { createProxyListener } from '@runofshow/sdk/proxy-listener';

/**
 * The SDK's proxy listener alone on a loopback port, passing every operation of the description to `endpoint` with
 * `apiKey`: the proxy transport (§7) against the mock, as a host would mount it (the production host's own /api, with
 * the app's allow-list, is tested in web/server).
 */
export function startProxy(endpoint: string, apiKey = 'development-api-key'): Promise<RunningServer> {
  const listener = createProxyListener({ endpoint, apiKey });
  return listen(
    createServer((req, res) => void listener(req, res)),
    0,
  );
}
