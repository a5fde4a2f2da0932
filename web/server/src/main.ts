// `npm run serve`: the production host, from the build (`npm run build`), configured by the environment alone
// (docs/DEPLOY.md). Plain Node: no tsx, no Vite, no Prism.
import { fileURLToPath } from 'node:url';
import { readConfig } from './config.js';
import { startHost } from './host.js';
import { createLogger } from './logger.js';
import { HostMetrics } from './metrics.js';
import { startMetricsServer } from './metrics-server.js';
import { allowListOf } from './operation-manifest.js';

const started = performance.now();
const read = readConfig(process.env);
if (!read.ok) {
  console.error(
    `The host cannot start; fix these environment variables (docs/DEPLOY.md):\n  ${read.errors.join('\n  ')}`,
  );
  process.exit(2);
}
const { config } = read;
const logger = createLogger(config.logLevel, config.apiKey);
if (!config.hcaptchaSitekey) {
  logger.warn('HCAPTCHA_SITEKEY=off: sign-up and forgot-password run without a captcha; fit for staging only');
}
const appDir = fileURLToPath(new URL('../../dist', import.meta.url));
const metrics = new HostMetrics();

try {
  const host = await startHost({
    port: config.port,
    host: config.host,
    appDir,
    apiOrigin: config.apiOrigin,
    apiMode: config.apiMode,
    apiKey: config.apiKey,
    hcaptchaSitekey: config.hcaptchaSitekey,
    rumEndpoint: config.rumEndpoint,
    trustProxy: config.trustProxy,
    hosts: config.publicHosts,
    ...(config.apiMode === 'proxy' ? { operations: allowListOf(appDir, config.extraOperations) } : {}),
    logger,
    metrics,
  });
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsServer(metrics, config.metricsPort, config.host, config.metricsHosts);
  logger.info(
    {
      url: host.url,
      apiMode: config.apiMode,
      apiOrigin: config.apiOrigin,
      monitoring: config.rumEndpoint ? new URL(config.rumEndpoint).origin : 'off',
      metrics: metricsServer ? `${metricsServer.url}/metrics` : 'off',
      startMs: Math.round(performance.now() - started),
    },
    'listening',
  );
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    host
      .shutdown(config.shutdownDelayMs, config.shutdownTimeoutMs)
      .then(() => metricsServer?.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: String(error) }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
} catch (error) {
  logger.fatal({ err: (error as Error).message }, 'the host could not start');
  process.exit(1);
}
