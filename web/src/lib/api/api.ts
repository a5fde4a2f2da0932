import { ApiCancelError, createApiClientFor } from '@runofshow/sdk';
import { config } from './config.js';
import { appOperations } from './operations.js';
import { clearSession, session } from './session.js';

/**
 * The app's one API client; it reads the access token from the session on every call. In proxy mode the API key
 * stays on the server and is never given to the client.
 */
export const api = createApiClientFor(
  {
    endpoint: config.endpoint,
    ...(config.proxy ? { proxy: config.proxy } : { apiKey: config.apiKey ?? '' }),
    clientId: config.clientId,
    getAccessToken: () => session.accessToken,
    // Every failed call, the answers the app handles (401, 404, 409, 429) too: §8 "logged and re-thrown", which the
    // console checks of e2e/secrets.spec.ts read. The SDK's default logger would leave those out.
    logger: console,
  },
  appOperations,
);

/**
 * §4: at start, resume an existing session through the token-user call; a failure clears it. A cancellation (the
 * global cancel on a route change) is no answer about the token, so it keeps the session.
 */
export async function loadSession(): Promise<void> {
  if (!session.accessToken) return;
  try {
    session.user = await api.tokens.getUser();
  } catch (error) {
    if (!(error instanceof ApiCancelError)) clearSession();
  }
}

/**
 * Sign-out: the server revokes the session's token (`tokens.delete`), then the app forgets it whatever the answer, so
 * a refused or failed revoke never leaves the visitor signed in here; a token the server did not revoke lapses with
 * its session.
 */
export async function signOut(): Promise<void> {
  const token = session.accessToken;
  try {
    if (token) await api.tokens.delete({ params: { token } });
  } catch {
    // Forgotten below all the same.
  } finally {
    clearSession();
  }
}
