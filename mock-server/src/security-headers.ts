import { createHash } from 'node:crypto';

export interface CspOptions {
  /** Origins the page may call with fetch (the API in direct mode). */
  connect?: string[];
  /** Inline scripts the page carries, allowed by hash only (never 'unsafe-inline'). */
  inlineScripts?: string[];
  /** Pages whose library injects <style> tags at run time (the Redoc docs). */
  inlineStyles?: boolean;
  /** Pages that start web workers from blob: URLs (Redoc's search). */
  blobWorkers?: boolean;
}

const hash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** The inline <script> bodies of an HTML page, for hashing into its CSP. */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
}

/** The headers every page gets: a strict CSP, no framing, no MIME sniffing. */
export function securityHeaders(options: CspOptions = {}): Record<string, string> {
  const csp = [
    "default-src 'self'",
    ['script-src', "'self'", ...(options.inlineScripts ?? []).map(hash)].join(' '),
    `style-src 'self'${options.inlineStyles ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...(options.connect ?? [])].join(' '),
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
    'Referrer-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
