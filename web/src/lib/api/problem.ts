import { isApiError } from './error-kind.js';

/** A server error the visitor is told about in their own language (catalogue keys, i18n/<locale>/core.ts). */
export type ProblemText = 'problemTooManyRequests' | 'problemUnavailable' | 'problemOffline';

const ERRORS = 'https://errors.runofshow.dev/';
const BY_TYPE: Record<string, ProblemText> = {
  [`${ERRORS}too-many-requests`]: 'problemTooManyRequests',
  [`${ERRORS}server-error`]: 'problemUnavailable',
  [`${ERRORS}bad-gateway`]: 'problemUnavailable',
  [`${ERRORS}service-unavailable`]: 'problemUnavailable',
  [`${ERRORS}gateway-timeout`]: 'problemUnavailable',
};

/**
 * Issue 34: what a failed call says to the visitor, chosen by its Problem `type` (stable, documented in the
 * description's responses), never by its `detail` (English, for the logs). No answer at all is the visitor's
 * connection; a 5xx without a Problem (a proxy's page) is the service. Anything else is the screen's own failure
 * text (§8's 'Login failed! …' for a refused sign-in), so this answers undefined.
 */
export function problemText(error: unknown): ProblemText | undefined {
  if (!isApiError(error)) return undefined;
  if (error.kind === 'connection' || error.kind === 'timeout') return 'problemOffline';
  const type = typeof error.body === 'object' ? error.body.type : undefined;
  if (type !== undefined && Object.hasOwn(BY_TYPE, type)) return BY_TYPE[type];
  return error.status >= 500 && type === undefined ? 'problemUnavailable' : undefined;
}
