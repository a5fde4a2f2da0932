import { proxy } from 'valtio';
import { isCancelled, onCancelAll } from '../../lib/api/cancel.js';
import { loadApiClient } from '../../lib/api/load-api-client.js';
import { type ProblemText, problemText } from '../../lib/api/problem.js';

/** §4 password recovery token request. */
type RecoveryStatus = 'unsubmitted' | 'requesting' | 'completed' | 'error';

export const forgotState = proxy({
  status: 'unsubmitted' as RecoveryStatus,
  /** Why the request failed, by its Problem `type` (issue 34). */
  problem: undefined as ProblemText | undefined,
});

export function enterForgot(): void {
  forgotState.status = 'unsubmitted';
}

/** POST /users/{email}/passwordRecoveryToken with the captcha token. */
export async function requestRecovery(email: string, captcha: string): Promise<void> {
  forgotState.status = 'requesting';
  try {
    const api = await loadApiClient();
    await api.users.createPasswordRecoveryToken({ params: { email }, payload: { captcha } });
    forgotState.status = 'completed';
  } catch (error) {
    forgotState.status = isCancelled(error) ? 'unsubmitted' : 'error';
    forgotState.problem = problemText(error);
  }
}

onCancelAll(() => {
  if (forgotState.status === 'requesting') forgotState.status = 'unsubmitted';
});
