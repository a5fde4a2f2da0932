import { tableOf } from '@runofshow/sdk';
import * as operation from '@runofshow/sdk/operations';

/**
 * The operations the sign-in app calls, and no others: the browser bundles these rows of the generated table, not
 * all of them; in proxy mode a call to any other operation is refused before it leaves the page, and the build writes
 * their ids into dist/api-operations.json, the production host's allow-list for /api (web/scripts/operation-manifest.ts).
 */
export const appOperations = tableOf(
  operation.authLogin,
  operation.ssoGetByDomain,
  operation.teamsCreate,
  operation.tokensDelete,
  operation.tokensGetUser,
  operation.usersCreate,
  operation.usersCreatePasswordRecoveryToken,
  operation.usersGetInvited,
  operation.usersHasTwoFactorAuth,
  operation.usersResendInvite,
  operation.usersResetPassword,
  operation.usersVerifyEmail,
);
