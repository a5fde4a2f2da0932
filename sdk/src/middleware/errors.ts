import type { Middleware } from 'openapi-fetch';
import { ApiError, type Problem, parseRetryAfter } from '../errors.js';
import { operations } from '../generated/operations.js';
import { REQUEST_ID_HEADER } from './headers.js';

const operationIds = new Map<string, string>(
  Object.entries(operations).map(([id, op]) => [`${op.method} ${op.path}`, id]),
);

/** Looks up the operationId of a call from its method and the path template it was made with. */
export function operationIdOf(method: string, schemaPath: string): string | undefined {
  return operationIds.get(`${method.toUpperCase()} ${schemaPath}`);
}

async function readBody(response: Response): Promise<Problem | string | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Problem;
  } catch {
    return text;
  }
}

/** Turns every error status into a typed `ApiError` rejection, so callers handle failures in one place. */
export function throwOnError(): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) return undefined;
      throw new ApiError({
        status: response.status,
        requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
        operationId: operationIdOf(request.method, schemaPath),
        body: await readBody(response.clone()),
        retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
      });
    },
  };
}
