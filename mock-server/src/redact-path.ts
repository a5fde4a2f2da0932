import { operations } from '@runofshow/sdk/operations';
import { REDACTED, redactQuery } from '@runofshow/sdk/proxy-listener';
import { escapeRegExp } from './path-pattern.js';

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
  return `${path}?${redactQuery(target.slice(question + 1))}`;
}
