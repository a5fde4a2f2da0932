import type { ApiError } from '@runofshow/sdk';

/**
 * The SDK's failures told apart by what they carry (its errors write their `name` and `kind` out: sdk/src/errors.ts)
 * instead of `instanceof`, so the entry holds none of the SDK's error classes: they come with the API client, when
 * the visitor first acts (issue 34: every route's first load within its budget, with every page's head script).
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof Error &&
    typeof (error as Partial<ApiError>).status === 'number' &&
    typeof (error as Partial<ApiError>).kind === 'string'
  );
}
