import type { OperationInput } from '@runofshow/sdk';
import { loadApiClient } from './load-api-client.js';
import { startSession } from './session.js';

type NewUser = OperationInput<'users.create'>['payload'];

/**
 * §3 and §7, the steps both sign-ups share: create the user, sign in with the same e-mail and password, and start
 * the session. A 409 from the create (the address is taken) rejects as the SDK's `ConflictError`, before any sign-in.
 */
export async function signUpAndSignIn(user: NewUser): Promise<void> {
  const api = await loadApiClient();
  await api.users.create({ payload: user });
  const signedIn = await api.auth.login({ payload: { email: user.email, password: user.password } });
  startSession(signedIn.accessToken, signedIn.user);
}
