import { ApiError, type ApiErrorInit } from '../errors.js';

// Beside the check (check.ts), not in errors.ts: only the check, loaded with `validateResponses`, and an app that
// names the class import it, so a client without the option carries none of it.

/**
 * A 2xx answer that breaks its operation's schema in the description, with `validateResponses: true` (`contract`):
 * the backend drifted from its contract. `problems` lists where and which rule, never the values.
 */
export class ResponseContractError extends ApiError {
  override name = 'ResponseContractError';
  declare readonly kind: 'contract';
  /** Where the answer breaks its schema, e.g. `/items/0/_id: String does not match pattern.` */
  readonly problems: readonly string[];
  constructor(init: Omit<ApiErrorInit, 'kind' | 'message'> & { problems: readonly string[] }) {
    const { problems, ...rest } = init;
    super({
      ...rest,
      kind: 'contract',
      message: `${init.operationId ?? 'API call'} answered ${init.status} with a body its description does not allow: ${problems.join('; ')}`,
    });
    this.problems = problems;
  }
}
