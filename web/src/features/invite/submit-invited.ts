import type { CaptchaHandle } from '../../components/captcha.js';
import type { SignUpOutcome } from '../../lib/return-url.js';
import { inviteState, signUpInvited } from './invite-store.js';

/** Gets a fresh captcha token, then signs up; a captcha that cannot answer counts as a failed sign-up. */
export async function signUpInvitedWithCaptcha(
  captcha: CaptchaHandle,
  form: { firstName: string; lastName: string; password: string },
): Promise<SignUpOutcome | undefined> {
  inviteState.signUpInProgress = true;
  const token = await captcha.token().catch(() => undefined);
  if (token === undefined) {
    inviteState.signUpInProgress = false;
    inviteState.failed = true;
    return undefined;
  }
  const outcome = await signUpInvited(form, token);
  captcha.reset();
  return outcome;
}
