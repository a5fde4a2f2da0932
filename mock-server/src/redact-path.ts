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
  .map(([, before = '', after = '']) => new RegExp(`^(${pattern(before)})[^/?#]+(${pattern(after)}/?$)`, 'i'));

// Any query parameter whose name the SDK's log redaction treats as secret (sdk/src/redact.ts), plus the guest pass.
const SECRET_NAME = /pass|captcha|token|secret|cvc|api[-_]?key|authorization/i;

/**
 * A path (with its query) fit for a log line: tokens in the path and credentials in the query replaced. The path and
 * each query parameter are judged on their own, anchored, so the cost grows with the length: one expression over the
 * whole query backtracked (a 15 KB path took 38 ms, issue 20 point 10).
 */
export function redactPath(target: string): string {
  const question = target.indexOf('?');
  let path = question === -1 ? target : target.slice(0, question);
  for (const tokenPath of tokenPaths) path = path.replace(tokenPath, `$1${REDACTED}$2`);
  if (question === -1) return path;
  const query = target
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at !== -1 && SECRET_NAME.test(pair.slice(0, at)) ? `${pair.slice(0, at + 1)}${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
