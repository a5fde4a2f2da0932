import { emptyBodyError, httpError, parseError } from './call-errors.js';
import type { CallPlan } from './call-plan.js';

const JSON_TYPE = /[/+]json\b/i;

/**
 * The answer judged once (§8): an error status rejects with its typed `ApiError` (the problem body with every
 * secret of the call scrubbed); a success resolves with its body read as the plan says, or rejects as a parse
 * failure when that body is not what the description promises (an HTML page from a misrouted proxy or a captive
 * portal, JSON that does not parse, no body where one is due), with its real status and content type.
 */
export async function judge(plan: CallPlan, response: Response, tries: number): Promise<unknown> {
  const type = response.headers.get('content-type');
  if (!response.ok) {
    // An app's middleware that read the body without cloning leaves nothing to quote.
    const text = response.bodyUsed ? '' : await response.text();
    let body: unknown = text;
    if (JSON_TYPE.test(type ?? '')) {
      try {
        body = JSON.parse(text);
      } catch {}
    }
    throw httpError(plan, response, body);
  }
  const { parseAs } = plan;
  if (response.status === 204 || plan.method === 'HEAD' || response.headers.get('content-length') === '0') {
    await response.body?.cancel();
    if (plan.promisesBody) throw emptyBodyError(plan, response);
    return undefined;
  }
  if (parseAs === 'stream') return response.body;
  if (parseAs !== 'json' && parseAs !== 'none')
    return (response as unknown as Record<string, () => unknown>)[parseAs]?.();
  const text = await response.text();
  if (type && !JSON_TYPE.test(type)) {
    // A 'none' operation may answer with any type; it is read only when it is JSON.
    if (parseAs === 'none') return undefined;
    throw parseError(plan, response, tries, text);
  }
  if (text === '') {
    if (plan.promisesBody) throw emptyBodyError(plan, response);
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw parseError(plan, response, tries);
  }
}
