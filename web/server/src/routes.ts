// The routes a host of the sign-in app answers and how each kind of page is cached, as data: the host mounts these,
// and a web server or CDN config in front of it can be generated from the same list (issue 21). Patterns are given as
// source text with their flags, so they read the same in JavaScript and in a PCRE-based server (`location ~*`).

/** The sign-in app's base path: its router (wouter) is mounted there. */
export const APP_BASE = '/app.login';

export interface Route {
  /** Matched in any case, as the app's router matches its base: the path equals it or continues with `/`. */
  prefix: string;
  /** Methods answered; any other gets 405. */
  methods: readonly string[];
  what: string;
  /** Only in this API mode (the proxy does not exist in direct mode). */
  mode?: 'proxy';
  /** For the machine's own probes, not visitors: a web server in front answers it only to loopback. */
  internal?: true;
}

/** What `npm run serve` answers, first match wins. Every other path is a 404 with the security headers. */
export const routes: readonly Route[] = [
  { prefix: '/api', methods: ['POST'], what: 'the proxy: POST /api/{group}.{method}, allow-listed', mode: 'proxy' },
  { prefix: '/healthz', methods: ['GET', 'HEAD'], what: '200 while the process can serve' },
  {
    prefix: '/readyz',
    methods: ['GET', 'HEAD'],
    what: '200 while the backend answers and the host is not draining',
    // It tells anyone whether the backend is down, and each ask past its 1 s cache probes the backend (issue 29 F10).
    internal: true,
  },
  { prefix: APP_BASE, methods: ['GET', 'HEAD'], what: 'the sign-in app: web/dist, its shell for client routes' },
];

/** A pattern as data: its source and flags (`i`: any case). */
export interface PathPattern {
  source: string;
  flags: string;
}

// The app's router matches its base and routes in any case and after decoding (`decodeURI`): these match the decoded
// path the same way, so `/APP.LOGIN/Reset/<token>` is a token page here as it is in the browser.
export const patterns = {
  /** Documents that run the invisible hCaptcha (§2 sign-up and forgot password). */
  captcha: { source: '^/app\\.login/+(signup(/|$)|forgot/?$)', flags: 'i' },
  /** Documents whose URL carries a secret token (reset, verify, invited sign-up). */
  token: { source: '^/app\\.login/+(reset|verify|signup/+invited)(/|$)', flags: 'i' },
  /** Vite's content-hashed files: cached for good. */
  hashed: { source: '^/app\\.login/assets/', flags: 'i' },
} as const satisfies Record<string, PathPattern>;

const compiled = (pattern: PathPattern) => new RegExp(pattern.source, pattern.flags);
const CAPTCHA = compiled(patterns.captcha);
const TOKEN = compiled(patterns.token);
const HASHED = compiled(patterns.hashed);

export const isCaptchaRoute = (path: string) => CAPTCHA.test(path);
export const isTokenRoute = (path: string) => TOKEN.test(path);
export const isHashedAsset = (path: string) => HASHED.test(path);

/** Cache-Control by kind of answer (docs/SECURITY.md lists them from here). */
export const cacheControl = {
  hashed: 'public, max-age=31536000, immutable',
  page: 'no-cache',
  tokenPage: 'no-store',
  refusal: 'no-store',
} as const;
