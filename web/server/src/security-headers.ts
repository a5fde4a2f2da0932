import { createHash } from 'node:crypto';

export interface CspOptions {
  /** Origins the page may call with fetch (the API in direct mode). */
  connect?: string[];
  /** Inline scripts the page carries, allowed by hash only (never 'unsafe-inline'). */
  inlineScripts?: string[];
  /** Inline <style> elements the page carries, allowed by hash only (the sign-in app's one stylesheet). */
  styleElements?: string[];
  /** Pages whose library injects <style> tags at run time (the Redoc docs). */
  inlineStyles?: boolean;
  /** Pages that start web workers from blob: URLs (Redoc's search). */
  blobWorkers?: boolean;
  /** Pages that run the invisible hCaptcha (sign-up, forgot password): its script, frame, styles and calls. */
  captcha?: boolean;
  /** Pages whose URL carries a secret token (reset, verify, invited sign-up): never leak it in a Referer. */
  tokenInUrl?: boolean;
  /** The visitor reached the host over HTTPS (TLS at a load balancer that the host trusts): pin HTTPS. */
  https?: boolean;
}

// hCaptcha's documented CSP sources.
const HCAPTCHA = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];

const hashes = new Map<string, string>();

/** A CSP source for one inline element, remembered: the docs page's inline bundle is megabytes, hashed once. */
function hash(script: string): string {
  let found = hashes.get(script);
  if (found === undefined) {
    found = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
    // Pages change only on a rebuild: a few dozen entries cover every page and its last versions.
    if (hashes.size >= 64) hashes.clear();
    hashes.set(script, found);
  }
  return found;
}

/** The inline <script> bodies of an HTML page, for hashing into its CSP. */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
}

/** The <style> element bodies of an HTML page, for hashing into its CSP. */
export function styleElementsOf(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
}

/**
 * A URL as a CSP source: its origin and path, which allow that one path (a path ending in `/`, the paths under it).
 * A query cannot be part of a source; the browser matches without it.
 */
export function cspSource(url: string): string {
  const { origin, pathname } = new URL(url);
  return pathname === '/' ? origin : `${origin}${pathname}`;
}

/** The headers every answer gets: a strict CSP, no framing, no MIME sniffing; the one source of them all. */
export function securityHeaders(options: CspOptions = {}): Record<string, string> {
  const csp = [
    "default-src 'self'",
    ['script-src', "'self'", ...(options.captcha ? HCAPTCHA : []), ...(options.inlineScripts ?? []).map(hash)].join(
      ' ',
    ),
    [
      'style-src',
      "'self'",
      ...(options.styleElements ?? []).map(hash),
      ...(options.inlineStyles ? ["'unsafe-inline'"] : []),
      ...(options.captcha ? HCAPTCHA : []),
    ].join(' '),
    ...(options.captcha ? [['frame-src', ...HCAPTCHA].join(' ')] : []),
    "img-src 'self' data:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...(options.connect ?? []), ...(options.captcha ? HCAPTCHA : [])].join(' '),
    ...(options.blobWorkers ? ["worker-src 'self' blob:"] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': options.tokenInUrl ? 'no-referrer' : 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

const HSTS = 'max-age=63072000; includeSubDomains';
