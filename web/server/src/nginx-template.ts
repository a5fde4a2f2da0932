// The nginx configuration in front of the hosts (issue 21), generated from what the host itself runs: its route
// list and page patterns (`routes.ts`), its headers (`securityHeaders`), its cache rules and the media types of the
// file server it uses (sirv's table, mrmime). `npm run build` writes it as dist/nginx.conf.template; what differs
// per deployment (addresses, paths, the certificate) stays a `${NAME}` placeholder that `nginx-render.ts` fills from
// the environment. docs/DEPLOY.md says why each choice is made.
import { mimes } from 'mrmime';
import { APP_BASE, cacheControl, type PathPattern, patterns, routes } from './routes.js';
import { securityHeaders } from './security-headers.js';

/** What the renderer fills in; each is documented in docs/DEPLOY.md and checked in `nginx-render.ts`. */
export const PLACEHOLDERS = [
  'NGINX_LISTEN',
  'NGINX_SERVER_NAME',
  'TLS_CERTIFICATE',
  'TLS_CERTIFICATE_KEY',
  'NGINX_APP_DIR',
  'UPSTREAM_SERVERS',
  'BROTLI_MODULE',
  'BROTLI_STATIC',
  'CSP_CONNECT',
  'MAIN_APP',
] as const;

export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Seconds a host that failed is left out (nginx's `fail_timeout`, counted in whole seconds). */
export const FAIL_TIMEOUT_S = 2;

export const slot = (name: Placeholder) => `\${${name}}`;

/** A marker for the CSP's extra `connect-src` origins (the API's in direct mode), replaced by a placeholder. */
const CONNECT_MARKER = 'connect-marker.invalid';

/**
 * The headers nginx sends on every answer it makes itself (files, its own refusals and errors): what the host sends
 * on a file or a refusal to a visitor on HTTPS, so a visitor cannot tell which of the two answered.
 */
export function ownHeaders(): [string, string][] {
  const headers = securityHeaders({ connect: [CONNECT_MARKER], https: true });
  return Object.entries(headers).map(([name, value]) => [
    name,
    value.replace(` ${CONNECT_MARKER}`, slot('CSP_CONNECT')),
  ]);
}

/** A quoted nginx string: nginx keeps a backslash as it is unless a quote, a backslash or t, r, n follows it. */
function quoted(value: string): string {
  if (/"|\\["'\\trn]|\\$/.test(value)) throw new Error(`An nginx value cannot hold this: ${value}`);
  return `"${value}"`;
}

/** An nginx regex location matching a pattern (PCRE reads the same source; `~*` for any case). */
const regex = (pattern: PathPattern) => `${pattern.flags.includes('i') ? '~*' : '~'} ${quoted(pattern.source)}`;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The media types sirv sends (mrmime's table), grouped by type as nginx's `types` block wants them. */
function typesBlock(): string {
  const byType = new Map<string, string[]>();
  for (const [extension, type] of Object.entries(mimes)) {
    if (!/^[\w.+-]+$/.test(extension) || !/^[\w.+-]+\/[\w.+-]+$/.test(type)) continue;
    byType.set(type, [...(byType.get(type) ?? []), extension]);
  }
  return [...byType]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, extensions]) => `    ${type} ${extensions.join(' ')};`)
    .join('\n');
}

const indent = (lines: string[], depth: number) => lines.map((line) => `${' '.repeat(depth)}${line}`).join('\n');

/** Every header of an answer nginx makes itself, plus its Cache-Control (`always`: its error answers too). */
function own(cache: string, extra: [string, string][] = []): string[] {
  // The host's file server says Vary: Accept-Encoding on every file, twin or not.
  return [...ownHeaders(), ['Cache-Control', cache] as [string, string], ...extra].map(
    ([name, value]) => `add_header ${name} ${quoted(value)} always;`,
  );
}

/**
 * For answers passed from a host: the host's headers go through untouched; when no host answered (every host down,
 * a timeout), nginx made the answer itself and adds the same headers. A host always sends `X-Request-Id`, so its
 * absence tells nginx's own answer apart; nginx skips an `add_header` whose value is empty.
 */
function fallbackMaps(): string {
  const rows = [...ownHeaders(), ['Cache-Control', cacheControl.refusal] as [string, string]];
  return rows
    .map(([name, value]) => {
      const variable = `$own_${name.toLowerCase().replace(/-/g, '_')}`;
      return `  map $upstream_http_x_request_id ${variable} {\n    "" ${quoted(value)};\n    default "";\n  }`;
    })
    .join('\n');
}

function fallbackHeaders(): string[] {
  const rows = [...ownHeaders().map(([name]) => name), 'Cache-Control'];
  return rows.map((name) => `add_header ${name} $own_${name.toLowerCase().replace(/-/g, '_')} always;`);
}

/** How nginx talks to the hosts, for every location that passes to them (set once, in the server block). */
function toHosts(): string[] {
  return [
    // No kept-alive connections to the hosts: a host that drains closes its listener, and a connection nginx opens
    // then is refused before anything is sent, which nginx may pass to the next host even for a POST. A pooled
    // connection the host closes at that moment would fail after the request was sent: a 502 for a write.
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "close";',
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Forwarded-Host $http_host;',
    'proxy_next_upstream_tries 3;',
    'proxy_next_upstream_timeout 10s;',
    'proxy_connect_timeout 2s;',
    // Above the host's own 10 s bound on a call to the backend, so the host always answers first.
    'proxy_read_timeout 15s;',
    'proxy_send_timeout 15s;',
    // Streams: nginx reads ahead into its memory buffers and never spools a large answer to disk.
    'proxy_max_temp_file_size 0;',
  ];
}

// nginx refuses any method but GET and HEAD on a file with an HTML 405 of its own, carrying the file's headers (an
// immutable Cache-Control, no Allow): the host answers it instead, as it answers every other refusal.
const READ_ONLY = 'error_page 405 = @hosts;';

/** The placeholder page of the main application (`/dash/…`, `/sso/login/…`) when it is not deployed here. */
const PLACEHOLDER_PAGE =
  '<!doctype html><html lang=en><meta charset=utf-8><title>Run of Show</title><h1>Main application</h1><p>Signed in: the main application is not deployed here.</p>';

/** The nginx configuration, with the deployment's values as `${NAME}` placeholders. */
export function nginxTemplate(): string {
  const api = routes.find((route) => route.mode === 'proxy');
  const health = routes.filter((route) => route.prefix !== APP_BASE && route.mode === undefined);
  if (!api || health.length === 0) throw new Error('routes.ts no longer names the proxy and the health checks');
  const base = escapeRegex(APP_BASE);
  const readsNext = 'error timeout http_502 http_503 http_504';
  // Writes arrive as POST; nginx passes one to another host only when nothing was sent to the first (a refused
  // connection), since `non_idempotent` is not given. A 5xx a host passes on from the backend is no fault of the
  // host, so it neither moves the call nor marks the host failed.
  const apiNext = 'error timeout';
  // The hashed folder's name is matched in its case, as the host's file server (and the file system) does.
  const hashed = patterns.hashed.source.replace(/assets\/$/, '(?-i)assets');
  const tokenPage = `${patterns.token.source.replace(/^\^/, '').replace(/\(\/\|\$\)$/, '')}/+`;
  return `# GENERATED by web/server/src/nginx-template.ts at \`npm run build\`; do not edit. Render it with
# \`npm run nginx:config\` (docs/DEPLOY.md, "nginx in front"), then run
#   nginx -p <run folder> -c <rendered file> -g 'daemon off;'
# Relative paths below (pid, logs, temporary files) are in the run folder, which must exist.
${slot('BROTLI_MODULE')}
worker_processes auto;
pid nginx.pid;
error_log error.log warn;

events {
  worker_connections 1024;
}

http {
  # sirv's table of media types (mrmime), so a file has the type the host would give it.
  types {
${typesBlock()}
  }
  default_type application/octet-stream;
  log_format runofshow escape=json '{"time":"$time_iso8601","remote":"$remote_addr","method":"$request_method",'
    '"path":"$logged_path","status":$status,"bytes":$body_bytes_sent,"durationS":$request_time,'
    '"upstream":"$upstream_addr","upstreamStatus":"$upstream_status","reqId":"$http_x_request_id"}';
  access_log access.log runofshow;
  # What the log shows of a request: its path alone (a query may hold a secret), a token page's token replaced, as
  # the host's log does.
  # A token page is matched on the path as nginx decoded and resolved it, as the host and the app's router see it:
  # the raw text may not show it (/app.login/%72eset/<token>).
  map $request_uri $request_path {
    "~^(?<kept>[^?]*)" $kept;
  }
  map $uri $logged_path {
    ${quoted(`~*^(?<kept>${tokenPage})[^/]+`)} "$kept[redacted]";
    default $request_path;
  }
  client_body_temp_path body-temp;
  proxy_temp_path proxy-temp;
  fastcgi_temp_path fastcgi-temp;
  uwsgi_temp_path uwsgi-temp;
  scgi_temp_path scgi-temp;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 30s;
  # The host's own limits: 10 MiB for an /api body, 30 s for a request.
  client_max_body_size 10m;
  client_body_timeout 30s;
  client_header_timeout 30s;
  # The host's header limit (Node's 16 KiB) rather than nginx's 8 KiB: a visitor with large cookies gets the same
  # answer through nginx as from the host. Over HTTP/2 nginx resets a request past its buffers without any answer.
  large_client_header_buffers 4 16k;
  gzip off;
  # The host ignores Range (the app has no use for it); so does nginx.
  max_ranges 0;

  ${fallbackMaps().trim()}

  # The hosts (docs/DEPLOY.md): one failure takes a host out for ${FAIL_TIMEOUT_S} s, then a request tries it again. The
  # zone shares what each worker learns of a host with every other worker.
  upstream runofshow_hosts {
    zone runofshow_hosts 64k;
${slot('UPSTREAM_SERVERS')}
  }

  server {
    listen ${slot('NGINX_LISTEN')} ssl http2;
    server_name ${slot('NGINX_SERVER_NAME')};
    ssl_certificate ${slot('TLS_CERTIFICATE')};
    ssl_certificate_key ${slot('TLS_CERTIFICATE_KEY')};
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:runofshow_tls:10m;
    ssl_session_timeout 1h;

    # Every answer passed from a host keeps the host's headers; every answer nginx makes itself (a malformed
    # request, a body too large, no host left) gets the same headers, never cached. A location that adds headers of
    # its own (the files) replaces these, as nginx inherits add_header only into locations without any.
${indent(fallbackHeaders(), 4)}
${indent(toHosts(), 4)}
    proxy_next_upstream ${readsNext};

    # ${api.what}.
    location ~* ${quoted(`^${escapeRegex(api.prefix)}(/|$)`)} {
      proxy_pass http://runofshow_hosts;
      proxy_next_upstream ${apiNext};
    }
${health
  .map(
    (route) => `
    # ${route.what}: the answer of whichever host nginx picks; a 503 (draining, no backend) marks no host failed.${
      route.internal
        ? '\n    # Internal: for probes on this machine (an orchestrator, a balancer), 403 to anyone else (a `return`, which\n    # logs no error, unlike `deny`).'
        : ''
    }
    location ~* ${quoted(`^${escapeRegex(route.prefix)}(/|$)`)} {${route.internal ? `\n      if ($remote_addr !~ ${quoted('^(127\\.0\\.0\\.1|::1)$')}) {\n        return 403;\n      }` : ''}
      proxy_pass http://runofshow_hosts;
      proxy_next_upstream ${apiNext};
    }`,
  )
  .join('\n')}

    # Content-hashed files, from the build by nginx itself with the .br and .gz twins the build wrote; a file that
    # is not there goes to the hosts, which answer 404 as they would.
    location ${regex({ source: `${hashed}/(?<file>[^/]+)$`, flags: patterns.hashed.flags })} {
      root ${slot('NGINX_APP_DIR')}/assets;
      try_files /$file @hosts;
      ${READ_ONLY}
      gzip_static on;
      ${slot('BROTLI_STATIC')}
${indent(own(cacheControl.hashed, [['Vary', 'Accept-Encoding']]), 6)}
    }

    # The app's documents carry the run-time settings the host writes into them: always the host's.
    location ~* "^${base}/.*\\.html$" {
      proxy_pass http://runofshow_hosts;
    }

    # The build's other files (not hidden, not in a folder) by nginx; every other path under the base is a page of
    # the app, which the host writes.
    location ~* "^${base}/(?<file>[^/.][^/]*)$" {
      root ${slot('NGINX_APP_DIR')};
      try_files /$file @hosts;
      ${READ_ONLY}
      gzip_static on;
      ${slot('BROTLI_STATIC')}
${indent(own(cacheControl.page, [['Vary', 'Accept-Encoding']]), 6)}
    }

    # The main application's paths, where sign-in sends the browser (§3) and SSO starts (§2).
    location ~* "^/(dash|sso/login)(/|$)" {
      ${slot('MAIN_APP')}
    }

    location @hosts {
      proxy_pass http://runofshow_hosts;
    }

    # Everything else (the app's pages, /, unknown paths) is the host's to answer.
    location / {
      proxy_pass http://runofshow_hosts;
    }
  }
}
`;
}

/** How the main application's paths are answered: passed to its origin, or a placeholder page (staging, the drill). */
export function mainAppBlock(origin: string | 'placeholder'): string {
  if (origin !== 'placeholder') return `proxy_pass ${origin};`;
  return [
    'default_type text/html;',
    ...own(cacheControl.page),
    `return 200 ${quoted(PLACEHOLDER_PAGE.replace(/"/g, ''))};`,
  ].join('\n      ');
}
