import type { CaptchaHandle } from './captcha.js';

interface Steps<T> {
  /** Sends the form with the token. */
  send: (token: string) => Promise<T>;
  /** Shows the form busy while the token is on its way. */
  pending?: () => void;
  /** A captcha that cannot answer (its script did not load, the challenge failed): a failed submit. */
  failed: () => void;
}

/**
 * The captcha step of a submit: a fresh token, `send` with it, then the widget is reset for the next try. Without a
 * captcha on the page yet nothing happens; without a token nothing is sent.
 */
export async function submitWithCaptcha<T>(
  captcha: CaptchaHandle | null,
  { send, pending, failed }: Steps<T>,
): Promise<T | undefined> {
  if (!captcha) return undefined;
  pending?.();
  const token = await captcha.token().catch(() => undefined);
  if (token === undefined) {
    failed();
    return undefined;
  }
  const result = await send(token);
  captcha.reset();
  return result;
}

/** The busy and failure steps of a sign-up store: in progress while the token comes, a failed sign-up if none does. */
export function signUpSteps(state: { signUpInProgress: boolean; failed: boolean }) {
  return {
    pending() {
      state.signUpInProgress = true;
    },
    failed() {
      state.signUpInProgress = false;
      state.failed = true;
    },
  };
}
