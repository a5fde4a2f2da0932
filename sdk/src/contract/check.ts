import type { CallPlan } from '../call-plan.js';
import { ResponseContractError } from './error.js';
import { problemsOf } from './problems.js';

/** Checks a call's data against the description; rejects with `ResponseContractError` when it breaks it. */
export type AnswerCheck = (plan: CallPlan, response: Response, data: unknown) => Promise<void>;

/**
 * `validateResponses: true`: every 2xx JSON answer is checked against its operation's schema in the description, so
 * a backend that drifts from it fails loudly in development and QA. The client imports this module, the schemas
 * (10 KB gzip) and the validator on the first answer, a chunk of their own: a client without the option loads none.
 */
export async function checkAnswer(plan: CallPlan, response: Response, data: unknown): Promise<void> {
  if (!plan.operationId || plan.parseAs !== 'json' || data === undefined) return;
  const problems = problemsOf(plan.operationId, response.status, data);
  if (problems.length === 0) return;
  throw new ResponseContractError({
    status: response.status,
    requestId: plan.requestId,
    operationId: plan.operationId,
    contentType: response.headers.get('content-type') ?? undefined,
    headers: response.headers,
    problems,
  });
}
