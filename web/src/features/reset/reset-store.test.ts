import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, installFakeApi, problem, sent } from '../../lib/api/fake-api.test-support.js';
import { resetPassword, resetState } from './reset-store.js';

beforeAll(installFakeApi);

describe('reset store (§4)', () => {
  it('sends the recovery token and new password through users.resetPassword, and reports the outcome', async () => {
    answerWith(() => Response.json({}));
    await resetPassword('ada@example.com', '3f9a8c7e2b1d', 'Correct-Horse-9');
    expect(resetState.status).toBe('completed');
    expect(sent[0]).toMatchObject({
      operation: 'users.resetPassword',
      envelope: {
        params: { email: 'ada@example.com' },
        payload: { passwordRecoveryToken: '3f9a8c7e2b1d', newPassword: 'Correct-Horse-9' },
      },
    });
    answerWith(() => problem(422));
    await resetPassword('ada@example.com', 'stale', 'Correct-Horse-9');
    expect(resetState.status).toBe('error');
  });
});
