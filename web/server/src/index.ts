// What a composition (`npm start`, `npm run dev`, tests) uses to run the host in-process; `npm run serve` runs
// src/main.ts instead.
export { type ApiMode, type ConfigResult, EXPECTS, type HostConfig, readConfig } from './config.js';
export { headerTable, headerTableMarkdown } from './header-table.js';
export { type HostOptions, type RunningHost, startHost } from './host.js';
export { createLogger, type Logger } from './logger.js';
export { HostMetrics } from './metrics.js';
export { startMetricsServer } from './metrics-server.js';
export type { Hit, Mount, Serve } from './mount.js';
export { readOnly } from './mount.js';
export { allowListOf, MANIFEST } from './operation-manifest.js';
export { Readiness } from './readiness.js';
export { redactPath } from './redact-path.js';
export { APP_BASE, cacheControl, patterns, routes } from './routes.js';
export { type CspOptions, inlineScriptsOf, securityHeaders } from './security-headers.js';
