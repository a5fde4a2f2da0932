import { ApiCancelError, createApiClientFor, tableOf, unwrap } from '@runofshow/sdk';
import * as operation from '@runofshow/sdk/operations';
import { config } from './config.js';
import { clearSession, session } from './session.js';

/**
 * The operations the sign-in app calls, and no others: the browser bundles these ten rows of the generated table,
 * not all 302, and in proxy mode a call to any other operation is refused before it leaves the page.
 */
const operations = tableOf(
  operation.authLogin,
  operation.teamsCreate,
  operation.tokensGetUser,
  operation.usersCreate,
  operation.usersCreatePasswordRecoveryToken,
  operation.usersGetInvited,
  operation.usersHasTwoFactorAuth,
  operation.usersResendInvite,
  operation.usersResetPassword,
  operation.usersVerifyEmail,
);

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
  operations,
);

/**
 * §4: at start, resume an existing session through the token-user call; a failure clears it. A cancellation (the
 * global cancel on a route change) is no answer about the token, so it keeps the session.
 */
export async function loadSession(): Promise<void> {
  if (!session.accessToken) return;
  try {
    session.user = await unwrap(api.GET('/token/user'));
  } catch (error) {
    if (!(error instanceof ApiCancelError)) clearSession();
  }
}
