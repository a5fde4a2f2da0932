// `@runofshow/server/headers`: the headers as data and as the function the host runs, for a web server's config to be
// generated from (issue 21) and for docs/SECURITY.md.
import { cacheControl, type PathPattern, patterns } from './routes.js';
import { securityHeaders } from './security-headers.js';

export { type CspOptions, securityHeaders } from './security-headers.js';

export interface HeaderRow {
  name: string;
  value: string;
  where: string;
}

const API = '<API origin, direct mode only>';
const RUM = '<RUM_ENDPOINT, only when set>';
const STYLE = 'the page’s one style element';
const shown = (pattern: PathPattern) => `\`${pattern.source}\`${pattern.flags.includes('i') ? ' (any case)' : ''}`;

/** The app's CSP as the host writes it, its one inline stylesheet's hash, the API origin and §9's collector shown as placeholders. */
function csp(captcha: boolean): string {
  const marker = 'style-marker';
  const value =
    securityHeaders({ connect: [API, RUM], styleElements: [marker], captcha })['Content-Security-Policy'] ?? '';
  const hashed = securityHeaders({ styleElements: [marker] })['Content-Security-Policy'] ?? '';
  const hash = /'sha256-[^']+'/.exec(hashed)?.[0] ?? '';
  return value.replace(hash, `'sha256-<hash of ${STYLE}>'`);
}

/**
 * Every header a host sends and where, computed by the functions the host runs (`securityHeaders`, the route
 * patterns): docs/SECURITY.md shows this table, and a test holds the two equal.
 */
export function headerTable(): HeaderRow[] {
  const every = securityHeaders();
  return [
    {
      name: 'Content-Security-Policy',
      value: csp(false),
      where:
        'every answer (the docs page of `npm start` adds its inline scripts by hash, and so does every page of the app its one head script)',
    },
    {
      name: 'Content-Security-Policy',
      value: csp(true),
      where: `documents whose path matches ${shown(patterns.captcha)}`,
    },
    { name: 'X-Content-Type-Options', value: every['X-Content-Type-Options'] ?? '', where: 'every answer' },
    {
      name: 'X-Frame-Options',
      value: every['X-Frame-Options'] ?? '',
      where: 'every answer (for browsers without `frame-ancestors`)',
    },
    {
      name: 'Referrer-Policy',
      value: securityHeaders({ tokenInUrl: true })['Referrer-Policy'] ?? '',
      where: `documents whose path matches ${shown(patterns.token)}, after decoding`,
    },
    { name: 'Referrer-Policy', value: every['Referrer-Policy'] ?? '', where: 'every other answer' },
    { name: 'Cross-Origin-Opener-Policy', value: every['Cross-Origin-Opener-Policy'] ?? '', where: 'every answer' },
    {
      name: 'Strict-Transport-Security',
      value: securityHeaders({ https: true })['Strict-Transport-Security'] ?? '',
      where: 'answers to a visitor on HTTPS (`TRUST_PROXY=on` and `X-Forwarded-Proto: https` from the load balancer)',
    },
    {
      name: 'Cache-Control',
      value: cacheControl.hashed,
      where: `files whose path matches ${shown(patterns.hashed)} (content-hashed)`,
    },
    {
      name: 'Cache-Control',
      value: cacheControl.tokenPage,
      where: 'the token documents above, `/api` answers the proxy makes itself, refusals, `/healthz`, `/readyz`',
    },
    { name: 'Cache-Control', value: cacheControl.page, where: 'every other document and file' },
    {
      name: 'Vary',
      value: 'Accept-Encoding',
      where: 'answers that may be compressed (brotli or gzip, written at build for files)',
    },
    {
      name: 'Vary',
      value: 'Accept-Encoding, Accept-Language, Cookie',
      where:
        "`/app.login/login`, pre-rendered in the visitor's language (`?lang=`, the `runofshow.locale` cookie, Accept-Language)",
    },
  ];
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The table as Markdown, for docs/SECURITY.md. */
export function headerTableMarkdown(): string {
  const rows = headerTable().map((row) => `| \`${row.name}\` | \`${cell(row.value)}\` | ${cell(row.where)} |`);
  return ['| Header | Value | Where |', '| --- | --- | --- |', ...rows].join('\n');
}
