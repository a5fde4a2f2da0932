import { escapeHtml } from '../escape-html.js';
import type { ContractTally } from './contract-tally.js';
import type { Mail, Outbox } from './mail.js';

export interface OutboxPage {
  status: number;
  type: string;
  body: string;
  headers: Record<string, string>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Mails per page: the page is built from a slice, whatever the outbox holds. */
export const OUTBOX_PAGE_SIZE = 50;

export interface OutboxView {
  /** How many mails the outbox holds in all. */
  total?: number;
  /** The page starts below the newest mail (`?before=`): it links back to the newest. */
  paged?: boolean;
  /** Mail number of the next page's `?before=`, when older mail exists. */
  older?: number;
  /**
   * The origin of the sign-in app the links point to (`http://127.0.0.1:5173`), when the page is served from another
   * origin (the mock's address); relative links otherwise.
   */
  appOrigin?: string;
}

function mailItem(mail: Mail, appOrigin = ''): string {
  const id = `mail-${mail.id}`;
  const sent = mail.sentAt.toISOString();
  return `<li>
<article aria-labelledby="${id}" data-kind="${escapeHtml(mail.kind)}">
<h2 id="${id}">${escapeHtml(mail.subject)}</h2>
<dl>
<dt>To</dt><dd data-testid="recipient">${escapeHtml(mail.to)}</dd>
<dt>Sent</dt><dd><time datetime="${escapeHtml(sent)}">${escapeHtml(sent.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></dd>
</dl>
<p><a href="${escapeHtml(`${appOrigin}${mail.link}`)}">${escapeHtml(`${appOrigin}${mail.link}`)}</a></p>
</article>
</li>`;
}

/**
 * One page of the outbox: what the sandbox would have e-mailed, newest first, and how its answers kept to the
 * description.
 */
export function outboxHtml(mails: readonly Mail[], tally: ContractTally, view: OutboxView = {}): string {
  const total = view.total ?? mails.length;
  const shown = mails.length
    ? `<p data-testid="shown">Mail ${mails.at(-1)?.id} to ${mails[0]?.id} of ${total}.</p>`
    : '';
  const links = [
    view.paged ? '<a href="/outbox/">Newest mail</a>' : '',
    view.older !== undefined ? `<a href="/outbox/?before=${view.older}" rel="next">Older mail</a>` : '',
  ].filter(Boolean);
  const nav = links.length ? `<nav aria-label="Outbox pages"><p>${links.join(' · ')}</p></nav>` : '';
  const contract = `Contract check since start: ${plural(tally.exchanges, 'exchange', 'exchanges')} with the sandbox, ${plural(tally.refusedRequests, 'request', 'requests')} refused, ${plural(tally.brokenAnswers, 'answer', 'answers')} breaking the description.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Run of Show sandbox</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/outbox/outbox.css">
</head>
<body>
<main>
<h1>Outbox</h1>
<p>What the sandbox would have e-mailed (verification, password reset, invitation), newest first. It lives in
memory: restarting the mock empties it. Reload to see new mail.</p>
<p data-testid="contract">${escapeHtml(contract)}</p>
${shown}
${mails.length ? `<ol class="mails">\n${mails.map((mail) => mailItem(mail, view.appOrigin)).join('\n')}\n</ol>` : '<p>No mail yet.</p>'}
${nav}
<p><a href="${escapeHtml(view.appOrigin ?? '')}/app.login/login">Sign in</a></p>
</main>
</body>
</html>
`;
}

const outboxCss = `body{margin:0;font-family:system-ui,sans-serif;background:#eff6ff;color:#111827}
main{max-width:720px;margin:0 auto;padding:24px 16px}
.mails{list-style:none;padding:0;margin:0;display:grid;gap:12px}
article{background:#fff;border:1px solid #bfdbfe;border-radius:8px;padding:12px 16px}
h2{font-size:1.05rem;margin:0 0 8px}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px}
dt{font-weight:600}dd{margin:0;word-break:break-all}a{color:#1d4ed8;word-break:break-all}
`;

const HEADERS = { 'Cache-Control': 'no-store' };

/**
 * Answers the `/outbox…` paths (lower-cased); undefined for any other path. `/outbox/?before=N` is the page of the
 * mail older than number N. `appOrigin` makes the mails' links absolute, for a page served off the app's origin.
 */
export function outboxRoute(outbox: () => Outbox, tally: ContractTally, appOrigin?: () => string | undefined) {
  return (path: string, query: URLSearchParams = new URLSearchParams()): OutboxPage | undefined => {
    if (path === '/outbox') {
      return { status: 301, type: 'text/plain; charset=utf-8', body: '', headers: { Location: '/outbox/' } };
    }
    if (path === '/outbox/') {
      const before = query.get('before');
      if (before !== null && !/^[1-9]\d{0,9}$/.test(before)) {
        const body = '`before` is the number of a mail: a whole number from 1.';
        return { status: 400, type: 'text/plain; charset=utf-8', body, headers: HEADERS };
      }
      const mails = outbox().page(before === null ? undefined : Number(before), OUTBOX_PAGE_SIZE);
      const oldest = mails.at(-1)?.id ?? 1;
      const origin = appOrigin?.();
      const html = outboxHtml(mails, tally, {
        total: outbox().list().length,
        paged: before !== null,
        ...(oldest > 1 ? { older: oldest } : {}),
        ...(origin ? { appOrigin: origin } : {}),
      });
      return { status: 200, type: 'text/html; charset=utf-8', body: html, headers: HEADERS };
    }
    if (path === '/outbox/outbox.css') {
      return { status: 200, type: 'text/css; charset=utf-8', body: outboxCss, headers: HEADERS };
    }
    if (path.startsWith('/outbox/')) {
      return { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found', headers: HEADERS };
    }
    return undefined;
  };
}
