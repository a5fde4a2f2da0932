import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, installFakeApi, problem, sent } from '../../lib/api/fake-api.test-support.js';
import { verifyEmail, verifyState } from './verify-store.js';

beforeAll(installFakeApi);

describe('verify store (§4)', () => {
  it('sends the token through users.verifyEmail and says whether it took', async () => {
    answerWith(() => Response.json({}));
    await verifyEmail('9c2e4f6a8b0d');
    expect(verifyState.verified).toBe(true);
    expect(sent[0]).toMatchObject({
      operation: 'users.verifyEmail',
      envelope: { payload: { verificationToken: '9c2e4f6a8b0d' } },
    });
    answerWith(() => problem(422));
    await verifyEmail('stale');
    expect(verifyState.verified).toBe(false);
  });
});
