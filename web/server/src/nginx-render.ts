// Fills the build's nginx template (dist/nginx.conf.template) from the environment, each value checked as the host
// checks its own (valibot; a refusal names the variable and what it expects). docs/DEPLOY.md lists the variables.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import * as v from 'valibot';
import { EXPECTS as HOST_EXPECTS, isEndpoint } from './config.js';
import { FAIL_TIMEOUT_S, mainAppBlock, PLACEHOLDERS, type Placeholder, slot } from './nginx-template.js';
import { cspSource } from './security-headers.js';

/** Debian's place for the module `libnginx-mod-http-brotli-static` installs. */
export const DEBIAN_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export const NGINX_EXPECTS = {
  NGINX_UPSTREAMS: 'the hosts, comma-separated host:port pairs (10.0.0.5:8080,10.0.0.6:8080)',
  NGINX_LISTEN: 'the port, or address:port, nginx serves HTTPS on (443 by default)',
  NGINX_SERVER_NAME: "the site's host names, space-separated ('_', any, by default)",
  TLS_CERTIFICATE: 'an absolute path to the PEM certificate chain, readable',
  TLS_CERTIFICATE_KEY: 'an absolute path to the PEM private key, readable',
  NGINX_APP_DIR:
    'an absolute path to the built app (web/dist, holding index.html); the build beside this file by default',
  NGINX_BROTLI_MODULE: `an absolute path to ngx_http_brotli_static_module.so, or 'off' (${DEBIAN_BROTLI_MODULE} by default)`,
  NGINX_MAIN_APP:
    "the main application's origin for /dash/… and /sso/login/… (https://app.example.com), or 'placeholder' for a page of nginx's own",
  API_MODE: HOST_EXPECTS.API_MODE,
  API_ORIGIN: `${HOST_EXPECTS.API_ORIGIN}; needed in direct mode, for the CSP`,
  RUM_ENDPOINT: `${HOST_EXPECTS.RUM_ENDPOINT}; the hosts' own value, for the CSP`,
} as const;

type Name = keyof typeof NGINX_EXPECTS;

const message = (name: Name, missing: boolean) =>
  `${name} is ${missing ? 'not set' : 'malformed'}: expected ${NGINX_EXPECTS[name]}`;

const value = (name: Name, check: (text: string) => boolean, fallback?: string) =>
  v.pipe(
    v.optional(v.string(), fallback ?? ''),
    v.trim(),
    v.nonEmpty(message(name, true)),
    v.check(check, message(name, false)),
  );

const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i;
const isFile = (path: string) => isAbsolute(path) && existsSync(path) && statSync(path).isFile();
const isOrigin = (text: string) => {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username;
};

const Environment = (appDir: string) =>
  v.object({
    NGINX_UPSTREAMS: value('NGINX_UPSTREAMS', (text) => text.split(',').every((one) => HOST_PORT.test(one.trim()))),
    NGINX_LISTEN: value(
      'NGINX_LISTEN',
      (text) => /^((\[[0-9a-f:.]+\]|[0-9.]+|[a-z0-9.-]+):)?\d{1,5}$/i.test(text),
      '443',
    ),
    NGINX_SERVER_NAME: value('NGINX_SERVER_NAME', (text) => /^[a-z0-9.*_ -]+$/i.test(text), '_'),
    TLS_CERTIFICATE: value('TLS_CERTIFICATE', isFile),
    TLS_CERTIFICATE_KEY: value('TLS_CERTIFICATE_KEY', isFile),
    NGINX_APP_DIR: value('NGINX_APP_DIR', (text) => isAbsolute(text) && existsSync(`${text}/index.html`), appDir),
    NGINX_BROTLI_MODULE: value('NGINX_BROTLI_MODULE', (text) => text === 'off' || isFile(text), DEBIAN_BROTLI_MODULE),
    NGINX_MAIN_APP: value('NGINX_MAIN_APP', (text) => text === 'placeholder' || isOrigin(text)),
    API_MODE: value('API_MODE', (text) => text === 'proxy' || text === 'direct', 'proxy'),
    API_ORIGIN: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check((text) => text === '' || isOrigin(text), message('API_ORIGIN', false)),
      ),
    ),
    RUM_ENDPOINT: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check((text) => text === '' || isEndpoint(text), message('RUM_ENDPOINT', false)),
      ),
    ),
  });

export type RenderResult = { ok: true; text: string } | { ok: false; errors: string[] };

/** A path or name as an nginx string (no quote, backslash, `$` or line break can be in it). */
function literal(name: Name, text: string): string {
  if (/["\\$\n;{}]/.test(text)) throw new Error(message(name, false));
  return `"${text}"`;
}

/** The template with every placeholder filled from `env`, or one message per variable that is missing or malformed. */
export function renderNginx(template: string, env: Record<string, string | undefined>, appDir: string): RenderResult {
  const parsed = v.safeParse(Environment(appDir), env, { abortPipeEarly: true });
  if (!parsed.success) return { ok: false, errors: parsed.issues.map((issue) => issue.message) };
  const e = parsed.output;
  const origin = e.API_ORIGIN ? new URL(e.API_ORIGIN).origin : '';
  if (e.API_MODE === 'direct' && !origin) return { ok: false, errors: [message('API_ORIGIN', true)] };
  const values: Record<Placeholder, string> = {
    NGINX_LISTEN: e.NGINX_LISTEN,
    NGINX_SERVER_NAME: e.NGINX_SERVER_NAME,
    TLS_CERTIFICATE: literal('TLS_CERTIFICATE', e.TLS_CERTIFICATE),
    TLS_CERTIFICATE_KEY: literal('TLS_CERTIFICATE_KEY', e.TLS_CERTIFICATE_KEY),
    NGINX_APP_DIR: e.NGINX_APP_DIR.replace(/\/+$/, ''),
    UPSTREAM_SERVERS: e.NGINX_UPSTREAMS.split(',')
      .map((one) => `    server ${one.trim()} max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s;`)
      .join('\n'),
    BROTLI_MODULE:
      e.NGINX_BROTLI_MODULE === 'off'
        ? '# brotli: off (NGINX_BROTLI_MODULE=off)'
        : `load_module ${literal('NGINX_BROTLI_MODULE', e.NGINX_BROTLI_MODULE)};`,
    BROTLI_STATIC: e.NGINX_BROTLI_MODULE === 'off' ? '# brotli_static: off' : 'brotli_static on;',
    CSP_CONNECT: [...(e.API_MODE === 'direct' ? [origin] : []), ...(e.RUM_ENDPOINT ? [cspSource(e.RUM_ENDPOINT)] : [])]
      .map((source) => ` ${source}`)
      .join(''),
    MAIN_APP: '',
  };
  // The placeholder page carries the headers of nginx's own answers, CSP included.
  values.MAIN_APP = mainAppBlock(
    e.NGINX_MAIN_APP === 'placeholder' ? 'placeholder' : new URL(e.NGINX_MAIN_APP).origin,
  ).replace(slot('CSP_CONNECT'), values.CSP_CONNECT);
  if (/["\\$;{}\s]/.test(values.NGINX_APP_DIR)) return { ok: false, errors: [message('NGINX_APP_DIR', false)] };
  const text = template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? values[name as Placeholder] : whole,
  );
  const left = /\$\{([A-Z][A-Z0-9_]*)\}/.exec(text);
  if (left) return { ok: false, errors: [`The template holds an unknown placeholder ${left[0]}: rebuild it.`] };
  return { ok: true, text };
}
