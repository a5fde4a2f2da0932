import { ApiCancelError, ApiConnectionError, RateLimitError } from '@runofshow/sdk';
import { describe, expect, it } from 'vitest';
import { isCancelled } from './cancel.js';
import { isApiError } from './error-kind.js';

describe('the SDK’s failures told apart without their classes', () => {
  it('an API error is one, of its kind; anything else thrown is not', () => {
    const lockout = new RateLimitError({ status: 429, retryAfter: 1800 });
    expect(isApiError(lockout) && lockout.kind).toBe('rate-limit');
    expect(isApiError(new ApiConnectionError({}))).toBe(true);
    expect(isApiError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isApiError({ status: 429, kind: 'rate-limit' })).toBe(false);
    expect(isApiError(new ApiCancelError({}))).toBe(false);
  });

  it('a cancel is the SDK’s or the platform’s abort, not an API error', () => {
    expect(isCancelled(new ApiCancelError({ operationId: 'auth.login' }))).toBe(true);
    expect(isCancelled(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(isCancelled(new RateLimitError({ status: 429 }))).toBe(false);
  });
});
