import { operations } from '@runofshow/sdk/operations';
import * as v from 'valibot';

export type ApiMode = 'proxy' | 'direct';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The host's settings, read from the environment only (docs/DEPLOY.md lists them). */
export interface HostConfig {
  apiOrigin: string;
  apiMode: ApiMode;
  apiKey: string;
  /** The hCaptcha site key the pages carry; undefined when `off` (no captcha: a staging host on the sandbox). */
  hcaptchaSitekey: string | undefined;
  host: string;
  port: number;
  metricsPort: number | undefined;
  /** Names the metrics port answers besides IP addresses and `localhost` (DNS rebinding). */
  metricsHosts: string[];
  trustProxy: boolean;
  /** Operations `/api` passes besides the app's own (proxy mode): a deployment's additions, documented in DEPLOY.md. */
  extraOperations: string[];
  /** Host names (with port) a host on a loopback address answers besides its own: the site's, behind a web server. */
  publicHosts: string[];
  logLevel: LogLevel;
  /** Milliseconds `/readyz` answers 503 after SIGTERM before the listener closes, so a load balancer sees it leave. */
  shutdownDelayMs: number;
  /** Milliseconds in-flight requests get to finish once the listener is closed; then their connections are cut. */
  shutdownTimeoutMs: number;
  /** §9 monitoring: where the pages send their errors, web vitals and replays; undefined, monitoring is off. */
  rumEndpoint: string | undefined;
}

/** What each variable expects, word for word in every refusal. */
export const EXPECTS = {
  API_ORIGIN:
    "the backend's origin, an absolute http(s) URL with no path, query or credentials (https://api.example.com)",
  API_MODE: "'proxy' (the page calls this host's /api, which adds the key) or 'direct' (the page calls API_ORIGIN)",
  API_KEY: 'the API key, printable characters without spaces',
  HCAPTCHA_SITEKEY: "the hCaptcha site key (letters, digits and '-'), or 'off' for no captcha",
  HOST: 'the address to listen on, an IP address or host name (0.0.0.0 by default)',
  PORT: 'a port number from 0 to 65535 (8080 by default; 0 picks a free one)',
  METRICS_PORT: 'a port number from 0 to 65535 for Prometheus metrics, not PORT (unset: no metrics)',
  METRICS_HOSTS:
    'host names the metrics port answers besides IP addresses and localhost, comma-separated, no port (host-a.internal)',
  TRUST_PROXY:
    "'on' when a load balancer in front sets X-Forwarded-Proto and X-Forwarded-Host, else 'off' (the default)",
  API_EXTRA_OPERATIONS:
    "operation ids /api passes besides the app's own, comma-separated, each one the SDK knows (users.exportCsv); unset, none",
  PUBLIC_HOSTS:
    'the host names visitors use, comma-separated, with the port unless 80 or 443 (www.example.com,localhost:8443); answered besides the loopback names when HOST is a loopback address (a web server in front on the same machine)',
  LOG_LEVEL: 'one of fatal, error, warn, info (the default), debug, trace, silent',
  SHUTDOWN_DELAY: 'seconds /readyz answers 503 after SIGTERM before the host stops accepting, 0 to 300 (5 by default)',
  SHUTDOWN_TIMEOUT: 'seconds in-flight requests get to finish after that, 0 to 300 (10 by default)',
  RUM_ENDPOINT:
    'the real-user-monitoring collector the pages post to, an absolute http(s) URL with no credentials or fragment (https://rum.example.com/collect); unset, no monitoring',
} as const;

type Name = keyof typeof EXPECTS;

/** A variable that must be set (an empty one is not) and satisfy `check`. */
const required = (name: Name, check: (value: string) => boolean) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty(`${name} is not set: expected ${EXPECTS[name]}`),
    v.check(check, `${name} is malformed: expected ${EXPECTS[name]}`),
  );

/** A variable that may be unset (or empty), else must satisfy `check`. */
const optional = (name: Name, check: (value: string) => boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((value) => value === '' || check(value), `${name} is malformed: expected ${EXPECTS[name]}`),
    ),
  );

function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    /^https?:$/.test(url.protocol) &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !/[?#]$/.test(value)
  );
}

/**
 * A collector's URL. Its path becomes a CSP source (security-headers.ts), where a space, `;` or `,` would end the
 * source or the directive: only the characters of a plain path are taken.
 */
export function isEndpoint(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    /^https?:$/.test(url.protocol) &&
    !url.username &&
    !url.password &&
    !url.hash &&
    !value.includes('#') &&
    /^[\w\-./~%]*$/.test(url.pathname)
  );
}

const isPort = (value: string) => /^\d{1,5}$/.test(value) && Number(value) <= 65535;
const isSeconds = (value: string) => /^\d+(\.\d+)?$/.test(value) && Number(value) <= 300;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SWITCH = /^(on|off|true|false|1|0)$/i;

const Environment = v.object({
  API_ORIGIN: required('API_ORIGIN', isOrigin),
  API_MODE: optional('API_MODE', (value) => value === 'proxy' || value === 'direct'),
  // A header value: no control characters, and no space (a pasted key with its label, `X-Api-Key: …`, is refused).
  API_KEY: required('API_KEY', (value) => /^[\x21-\x7e]+$/.test(value)),
  HCAPTCHA_SITEKEY: required('HCAPTCHA_SITEKEY', (value) => /^[A-Za-z0-9-]{1,100}$/.test(value)),
  HOST: optional('HOST', (value) => /^(\[[0-9a-f:.]+\]|[0-9a-f:.]+|[a-z0-9.-]+)$/i.test(value)),
  PORT: optional('PORT', isPort),
  METRICS_PORT: optional('METRICS_PORT', isPort),
  METRICS_HOSTS: optional('METRICS_HOSTS', (value) =>
    value.split(',').every((name) => /^[a-z0-9.-]+$/i.test(name.trim())),
  ),
  TRUST_PROXY: optional('TRUST_PROXY', (value) => SWITCH.test(value)),
  API_EXTRA_OPERATIONS: optional('API_EXTRA_OPERATIONS', (value) =>
    value.split(',').every((id) => Object.hasOwn(operations, id.trim())),
  ),
  PUBLIC_HOSTS: optional('PUBLIC_HOSTS', (value) =>
    value.split(',').every((name) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(name.trim())),
  ),
  LOG_LEVEL: optional('LOG_LEVEL', (value) => LEVELS.includes(value)),
  SHUTDOWN_DELAY: optional('SHUTDOWN_DELAY', isSeconds),
  SHUTDOWN_TIMEOUT: optional('SHUTDOWN_TIMEOUT', isSeconds),
  RUM_ENDPOINT: optional('RUM_ENDPOINT', isEndpoint),
});

export type ConfigResult = { ok: true; config: HostConfig } | { ok: false; errors: string[] };

/** The host's settings from `env`, or one message per variable that is missing or malformed. */
export function readConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = v.safeParse(Environment, env, { abortPipeEarly: true });
  if (!parsed.success) return { ok: false, errors: parsed.issues.map((issue) => issue.message) };
  const e = parsed.output;
  const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  const port = Number(given(e.PORT) ?? 8080);
  const metricsPort = given(e.METRICS_PORT) === undefined ? undefined : Number(e.METRICS_PORT);
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    return { ok: false, errors: [`METRICS_PORT is malformed: expected ${EXPECTS.METRICS_PORT}`] };
  }
  const sitekey = e.HCAPTCHA_SITEKEY;
  return {
    ok: true,
    config: {
      apiOrigin: new URL(e.API_ORIGIN).origin,
      apiMode: (given(e.API_MODE) ?? 'proxy') as ApiMode,
      apiKey: e.API_KEY,
      hcaptchaSitekey: sitekey.toLowerCase() === 'off' ? undefined : sitekey,
      host: given(e.HOST) ?? '0.0.0.0',
      port,
      metricsPort,
      metricsHosts: (given(e.METRICS_HOSTS)?.split(',') ?? []).map((name) => name.trim().toLowerCase()),
      trustProxy: /^(on|true|1)$/i.test(given(e.TRUST_PROXY) ?? 'off'),
      extraOperations:
        given(e.API_EXTRA_OPERATIONS)
          ?.split(',')
          .map((id) => id.trim()) ?? [],
      publicHosts: (given(e.PUBLIC_HOSTS)?.split(',') ?? []).map((name) => name.trim().toLowerCase()),
      logLevel: (given(e.LOG_LEVEL) ?? 'info') as LogLevel,
      shutdownDelayMs: Number(given(e.SHUTDOWN_DELAY) ?? 5) * 1000,
      shutdownTimeoutMs: Number(given(e.SHUTDOWN_TIMEOUT) ?? 10) * 1000,
      rumEndpoint: given(e.RUM_ENDPOINT) === undefined ? undefined : new URL(e.RUM_ENDPOINT as string).href,
    },
  };
}
