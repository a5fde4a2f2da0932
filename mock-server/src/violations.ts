import type { components } from '@runofshow/sdk';

type Problem = components['schemas']['Problem'];
type FieldError = components['schemas']['ProblemFieldError'];

/** One rule a request or response broke, as Prism reports it in its `sl-violations` header. */
export interface Violation {
  /** `request` or `response` first, then the part and the field, e.g. `["request", "body", "email"]`. */
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/** Prism's own name for the header listing every violation of one exchange. */
export const VIOLATIONS_HEADER = 'sl-violations';

/** Reads Prism's `sl-violations` header; an absent or unreadable header means none. */
export function readViolations(header: string | null): Violation[] {
  if (!header) return [];
  try {
    const parsed = JSON.parse(header) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (v): v is Violation =>
        typeof v === 'object' && v !== null && Array.isArray(v.location) && typeof v.message === 'string',
    );
  } catch {
    // Prism truncates a very long list ("Too many violations! …"): say so rather than drop it.
    return [{ location: ['request'], severity: 'Error', code: 'truncated', message: header.slice(0, 500) }];
  }
}

/**
 * Prism's own problems (`https://stoplight.io/prism/errors#…`) list the rules in `validation`: its answer to an
 * invalid request where the description has no 422 (always in proxy mode, which never forwards such a request), and
 * its --errors answer to a response that breaks the description.
 */
export function violationsInPrismProblem(body: Uint8Array, type: string | null): Violation[] {
  if (!/problem\+json/i.test(type ?? '')) return [];
  try {
    const problem = JSON.parse(new TextDecoder().decode(body)) as { type?: unknown; validation?: unknown };
    if (typeof problem.type !== 'string' || !problem.type.startsWith('https://stoplight.io/prism/errors#')) return [];
    const listed = readViolations(JSON.stringify(problem.validation ?? []));
    // The invalid-request answer names the part first (`["body", "email"]`); say it is the request's.
    const isRequest = problem.type.endsWith('#UNPROCESSABLE_ENTITY');
    return listed.map((v) => (isRequest ? { ...v, location: ['request', ...v.location] } : v));
  } catch {
    return [];
  }
}

const isError = (v: Violation) => v.severity === 'Error';
// Prism reports a missing or wrong API key or access token as a request violation with an HTTP status as its code;
// its 401/403 answer is already the right one.
const isSecurity = (v: Violation) => v.code === 401 || v.code === 403 || v.code === '401' || v.code === '403';

/** The request's violations that make the mock refuse it (schema and format rules, not credentials). */
export function requestErrors(violations: Violation[]): Violation[] {
  return violations.filter((v) => v.location[0] === 'request' && isError(v) && !isSecurity(v));
}

export function responseErrors(violations: Violation[]): Violation[] {
  return violations.filter((v) => v.location[0] === 'response' && isError(v));
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The problem the mock answers for a request that breaks the description: our `ValidationFailed` shape, with every
 * broken rule in `errors` (location without Prism's `request` prefix, as in `["body", "email"]`).
 */
export function validationProblem(errors: Violation[], instance: string, requestId: string | null): Problem {
  const listed: FieldError[] = errors.slice(0, 100).map((v) => ({
    location: v.location.slice(1).map((part) => clip(String(part), 256)),
    ...(v.code !== undefined ? { code: clip(String(v.code), 256) } : {}),
    message: clip(v.message, 2000),
  }));
  return {
    type: 'https://errors.runofshow.dev/validation-failed',
    title: 'Validation failed',
    status: 422,
    detail: `The request broke ${errors.length} ${errors.length === 1 ? 'rule' : 'rules'} of the API description.`,
    instance: clip(instance, 2048),
    ...(requestId ? { requestId: clip(requestId, 64) } : {}),
    errors: listed,
  };
}

/** One line per violation, for logs and the validating proxy's report. */
export function describeViolation(v: Violation): string {
  const where = v.location.join('.');
  return `${where}${v.code !== undefined ? ` [${v.code}]` : ''}: ${v.message}`;
}
