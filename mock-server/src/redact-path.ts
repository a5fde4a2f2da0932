import { operations } from '@runofshow/sdk/operations';
import { escapeRegExp } from './path-pattern.js';

export const REDACTED = '[redacted]';

// Every API path whose template holds a token-named parameter (`/tokens/{token}`, `/users/invited/{inviteToken}`),
// as a pattern that keeps the path's other segments and hides the token's.
const pattern = (template: string) =>
  template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/?#]+' : escapeRegExp(part)))
    .join('');
const tokenPaths = Object.values(operations)
  .map((operation) => /^(.*?)\{[^}]*token[^}]*\}(.*)$/i.exec(operation.path))
  .filter((match) => match !== null)
  .map(([, before = '', after = '']) => new RegExp(`^(${pattern(before)})[^/?#]+(${pattern(after)}/?(?:[?#]|$))`, 'i'));

// The sign-in app's pages whose path carries a token (matched as the app's router matches: any case).
const TOKEN_PAGE = /^(\/app\.login\/+(?:reset|verify|signup\/+invited)\/+)[^/?#]+/i;
// Any query parameter whose name the SDK's log redaction treats as secret (sdk/src/redact.ts), plus the guest pass.
const SECRET_QUERY = /([?&][^=&#]*(?:pass|captcha|token|secret|cvc|api[-_]?key|authorization)[^=&#]*=)[^&#]*/gi;

/** A path (with its query) fit for a log line: tokens in the path and credentials in the query replaced. */
export function redactPath(path: string): string {
  let out = path.replace(SECRET_QUERY, `$1${REDACTED}`).replace(TOKEN_PAGE, `$1${REDACTED}`);
  for (const tokenPath of tokenPaths) out = out.replace(tokenPath, `$1${REDACTED}$2`);
  return out;
}
