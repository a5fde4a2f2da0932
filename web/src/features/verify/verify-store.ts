import { proxy } from 'valtio';
import { isCancelled, onCancelAll } from '../../lib/api/cancel.js';
import { loadApiClient } from '../../lib/api/load-api-client.js';

/** §4 e-mail verification: unknown until the API answers, then true or false. */
export const verifyState = proxy({ verified: undefined as boolean | undefined });

/** §9: the wait before a verified visitor is sent to the dashboard. */
export const VERIFIED_REDIRECT_MS = 3000;
export const VERIFIED_DESTINATION = '/dash/redirect';

let current = 0;

/** POST /users/verify/email; only the latest token's answer counts. */
export async function verifyEmail(verificationToken: string): Promise<void> {
  const seq = ++current;
  verifyState.verified = undefined;
  try {
    const api = await loadApiClient();
    await api.users.verifyEmail({ payload: { verificationToken } });
    if (seq === current) verifyState.verified = true;
  } catch (error) {
    if (seq === current && !isCancelled(error)) verifyState.verified = false;
  }
}

onCancelAll(() => {
  current++;
});
