import { proxy } from 'valtio';
import { isCancelled, onCancelAll } from '../../lib/api/cancel.js';
import { isApiError } from '../../lib/api/error-kind.js';
import { loadApiClient } from '../../lib/api/load-api-client.js';
import { type ProblemText, problemText } from '../../lib/api/problem.js';
import type { SignUpOutcome } from '../../lib/return-url.js';
import { browserTimeZone, SIGN_UP_INDUSTRY } from '../../lib/sign-up.js';

// Fetched on submit, with the captcha's token, not with the screen (its first load: issue 34's budget).
const loadSignUp = () => import('../../lib/api/sign-up-and-in.js');

/**
 * §4 invite: `expired` is set when the token lookup fails, `sent` when the resend succeeded. `email` and `url` come
 * from a valid invitation; `sending` is the resend in flight ('Sending...').
 */
const initial = (token: string) => ({
  token,
  loading: true,
  expired: false,
  email: '',
  url: undefined as string | undefined,
  sending: false,
  sent: false,
  resendFailed: false,
  signUpInProgress: false,
  conflict: false,
  failed: false,
  /** Why the sign-up failed, by its Problem `type` (issue 34). */
  problem: undefined as ProblemText | undefined,
});

export const inviteState = proxy(initial(''));

let lookupSeq = 0;

/** GET /users/invited/{inviteToken}: any failure marks the link expired. */
export async function lookUpInvite(token: string): Promise<void> {
  const seq = ++lookupSeq;
  Object.assign(inviteState, initial(token));
  try {
    const api = await loadApiClient();
    const invited = await api.users.getInvited({ params: { inviteToken: token } });
    if (seq !== lookupSeq) return;
    inviteState.email = invited.email;
    inviteState.url = invited.url;
  } catch (error) {
    if (seq !== lookupSeq || isCancelled(error)) return;
    inviteState.expired = true;
  }
  inviteState.loading = false;
}

/** GET /users/resend/invite/{email}. */
export async function resendInvite(email: string): Promise<void> {
  inviteState.sending = true;
  inviteState.resendFailed = false;
  try {
    const api = await loadApiClient();
    await api.users.resendInvite({ params: { email } });
    inviteState.sent = true;
  } catch (error) {
    if (!isCancelled(error)) inviteState.resendFailed = true;
  } finally {
    inviteState.sending = false;
  }
}

/** Invited sign-up: create the user for the invited address, then sign in. The team already exists. */
export async function signUpInvited(
  form: { firstName: string; lastName: string; password: string },
  captcha: string,
): Promise<SignUpOutcome | undefined> {
  inviteState.signUpInProgress = true;
  inviteState.failed = false;
  inviteState.conflict = false;
  const email = inviteState.email;
  try {
    await (await loadSignUp()).signUpAndSignIn({
      ...form,
      email,
      captcha,
      industry: SIGN_UP_INDUSTRY,
      timezone: browserTimeZone(),
    });
    return { kind: 'invited', inviteUrl: inviteState.url };
  } catch (error) {
    if (isApiError(error) && error.status === 409) inviteState.conflict = true;
    else if (!isCancelled(error)) {
      inviteState.failed = true;
      inviteState.problem = problemText(error);
    }
    return undefined;
  } finally {
    inviteState.signUpInProgress = false;
  }
}

onCancelAll(() => {
  lookupSeq++;
  inviteState.sending = false;
  inviteState.signUpInProgress = false;
});
