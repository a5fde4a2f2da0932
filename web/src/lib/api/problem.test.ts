import { ApiError, ApiTimeoutError } from '@runofshow/sdk';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { problemText } from './problem.js';

const answered = (status: number, body: ApiError['body']) => new ApiError({ status, body });
const problem = (type: string, status: number) =>
  answered(status, { type, title: 'English title', status, detail: 'English detail for the logs' });

describe('what a failed call says (issue 34: by the Problem type, in the visitor’s language)', () => {
  it('names the kinds the visitor can act on, by their type', () => {
    expect(problemText(problem('https://errors.runofshow.dev/too-many-requests', 429))).toBe('problemTooManyRequests');
    for (const kind of ['server-error', 'bad-gateway', 'service-unavailable', 'gateway-timeout']) {
      expect(problemText(problem(`https://errors.runofshow.dev/${kind}`, 503))).toBe('problemUnavailable');
    }
    expect(messages.problemUnavailable).toBe('The service is not answering right now. Please try again in a moment.');
  });

  it('tells no answer at all from the service’s, and a proxy’s 5xx page from a refusal', () => {
    expect(problemText(new ApiError({ status: 0 }))).toBe('problemOffline');
    expect(problemText(new ApiTimeoutError({}))).toBe('problemOffline');
    expect(problemText(answered(502, '<html>Bad Gateway</html>'))).toBe('problemUnavailable');
  });

  it('leaves every other failure to the screen’s own text (§8’s login failure among them)', () => {
    expect(problemText(problem('https://errors.runofshow.dev/unauthorized', 401))).toBeUndefined();
    expect(problemText(problem('https://errors.runofshow.dev/validation-failed', 422))).toBeUndefined();
    // A 5xx whose Problem names a type we do not know: not guessed from its English detail.
    expect(problemText(problem('https://errors.runofshow.dev/card-declined', 500))).toBeUndefined();
    expect(problemText(new Error('not a call'))).toBeUndefined();
  });
});
