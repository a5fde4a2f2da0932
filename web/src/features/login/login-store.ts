import { ApiError, unwrap } from '@runofshow/sdk';
import { proxy } from 'valtio';
import { api } from '../../app/api.js';
import { startSession } from '../../app/session.js';
import { emailSchema, firstIssue } from '../../lib/validation.js';

/** §4 login status. */
export type LoginStatus = 'LOGGED_OUT' | 'PENDING' | 'LOGGED_IN';
/**
 * §4 two-factor status. ERROR (the lookup failed) lets the visitor try a password-only sign-in: the server still
 * demands the code if the account needs one, and the next e-mail change looks again.
 */
export type TwoFactorStatus = 'PENDING' | 'ENABLED' | 'DISABLED' | 'ERROR';
export type LoginFailure = { kind: 'failed' } | { kind: 'lockout'; retryAfter: number | undefined };

export const HAS2FA_DEBOUNCE_MS = 100;

export const loginState = proxy({
  email: '',
  password: '',
  token: '',
  status: 'LOGGED_OUT' as LoginStatus,
  twoFactor: undefined as TwoFactorStatus | undefined,
  step: 'password' as 'password' | 'token',
  failure: undefined as LoginFailure | undefined,
});

let lookupTimer: ReturnType<typeof setTimeout> | undefined;
let lookupSeq = 0;

/** Sets the e-mail and, 100 ms after the last change (§9), asks whether it needs a second factor. */
export function setEmail(email: string): void {
  loginState.email = email;
  loginState.step = 'password';
  clearTimeout(lookupTimer);
  const seq = ++lookupSeq;
  if (firstIssue(emailSchema, email.trim())) {
    loginState.twoFactor = undefined;
    return;
  }
  loginState.twoFactor = 'PENDING';
  lookupTimer = setTimeout(async () => {
    try {
      const data = await unwrap(api.GET('/users/{email}/has2fa', { params: { path: { email: email.trim() } } }));
      if (seq === lookupSeq) loginState.twoFactor = data.hasTwoFactorAuth ? 'ENABLED' : 'DISABLED';
    } catch {
      if (seq === lookupSeq) loginState.twoFactor = 'ERROR';
    }
  }, HAS2FA_DEBOUNCE_MS);
}

/** §4: the sign-in button stays disabled until the two-factor status is known and not pending. */
export function canSubmit(state: { twoFactor: TwoFactorStatus | undefined; status: LoginStatus }): boolean {
  return state.twoFactor !== undefined && state.twoFactor !== 'PENDING' && state.status !== 'PENDING';
}

/** With two-factor ENABLED, the first submit opens the token step; any other submit signs in. */
export function needsTokenStep(): boolean {
  return loginState.twoFactor === 'ENABLED' && loginState.step === 'password';
}

export function openTokenStep(): void {
  loginState.step = 'token';
  loginState.failure = undefined;
}

/** POST /login; resolves true when signed in. */
export async function login(): Promise<boolean> {
  loginState.status = 'PENDING';
  loginState.failure = undefined;
  const body = {
    email: loginState.email.trim(),
    password: loginState.password,
    ...(loginState.step === 'token' ? { timeBasedToken: loginState.token } : {}),
  };
  try {
    const data = await unwrap(api.POST('/login', { body }));
    startSession(data.accessToken, data.user);
    loginState.status = 'LOGGED_IN';
    return true;
  } catch (error) {
    loginState.status = 'LOGGED_OUT';
    loginState.failure =
      error instanceof ApiError && error.status === 429
        ? { kind: 'lockout', retryAfter: error.retryAfter }
        : { kind: 'failed' };
    return false;
  }
}
