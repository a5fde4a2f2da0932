import { proxy } from 'valtio';
import { isCancelled, onCancelAll } from '../../lib/api/cancel.js';
import { loadApiClient } from '../../lib/api/load-api-client.js';

/** §4 password update from recovery. */
type ResetStatus = 'unsubmitted' | 'submitted' | 'completed' | 'error';

export const resetState = proxy({ status: 'unsubmitted' as ResetStatus });

export function enterReset(): void {
  resetState.status = 'unsubmitted';
}

/** PUT /users/{email}/reset/password. */
export async function resetPassword(email: string, passwordRecoveryToken: string, newPassword: string): Promise<void> {
  resetState.status = 'submitted';
  try {
    const api = await loadApiClient();
    await api.users.resetPassword({ params: { email }, payload: { passwordRecoveryToken, newPassword } });
    resetState.status = 'completed';
  } catch (error) {
    resetState.status = isCancelled(error) ? 'unsubmitted' : 'error';
  }
}

onCancelAll(() => {
  if (resetState.status === 'submitted') resetState.status = 'unsubmitted';
});
