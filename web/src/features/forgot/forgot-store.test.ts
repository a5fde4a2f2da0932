import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, installFakeApi, problem, sent } from '../../lib/api/fake-api.test-support.js';
import { forgotState, requestRecovery } from './forgot-store.js';

beforeAll(installFakeApi);

describe('forgot store (§4)', () => {
  it('asks users.createPasswordRecoveryToken with the e-mail and captcha, and reports the outcome', async () => {
    answerWith(() => Response.json({}));
    await requestRecovery('ada@example.com', 'captcha-token');
    expect(forgotState.status).toBe('completed');
    expect(sent[0]).toMatchObject({
      operation: 'users.createPasswordRecoveryToken',
      envelope: { params: { email: 'ada@example.com' }, payload: { captcha: 'captcha-token' } },
    });
    answerWith(() => problem(400));
    await requestRecovery('ada@example.com', 'captcha-token');
    expect(forgotState.status).toBe('error');
  });
});
