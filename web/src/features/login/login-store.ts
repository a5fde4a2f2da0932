import { proxy } from 'valtio';
import { isCancelled, onCancelAll } from '../../lib/api/cancel.js';
import { isApiError } from '../../lib/api/error-kind.js';
import { loadApiClient } from '../../lib/api/load-api-client.js';
import { type ProblemText, problemText } from '../../lib/api/problem.js';
import { startSession } from '../../lib/api/session.js';
import type { SsoAnswer } from '../../lib/api/sso-lookup.js';
import { loadTlds } from '../../lib/tld-list.js';
import { emailSchema, firstIssue } from '../../lib/validation.js';

/** §4 login status. */
type LoginStatus = 'LOGGED_OUT' | 'PENDING' | 'LOGGED_IN';
/**
 * §4 two-factor status. ERROR (the lookup failed) lets the visitor try a password-only sign-in: the server still
 * demands the code if the account needs one, and the next e-mail change looks again.
 */
export type TwoFactorStatus = 'PENDING' | 'ENABLED' | 'DISABLED' | 'ERROR';
/** `until`: when the 429's Retry-After runs out (epoch ms); undefined when it did not say or the wait is over. */
type LoginFailure =
  | { kind: 'failed'; problem?: ProblemText | undefined }
  | { kind: 'lockout'; until: number | undefined };

const HAS2FA_DEBOUNCE_MS = 100;

// The SSO lookup's code comes with the visitor's first keystroke, beside the API client, not with the page: every
// screen's first load carries the entry (issue 34's budgets).
const loadSsoLookup = () => import('../../lib/api/sso-lookup.js');

export const loginState = proxy({
  email: '',
  password: '',
  token: '',
  status: 'LOGGED_OUT' as LoginStatus,
  twoFactor: undefined as TwoFactorStatus | undefined,
  /** Issue 34: whether the address's company signs in through single sign-on, asked alongside two-factor. */
  sso: undefined as SsoAnswer | 'PENDING' | undefined,
  step: 'password' as 'password' | 'token',
  failure: undefined as LoginFailure | undefined,
});

let lookupTimer: ReturnType<typeof setTimeout> | undefined;
let lookupSeq = 0;

/**
 * Sets the e-mail and, 100 ms after the last change (§9), asks whether it needs a second factor and whether its
 * domain has single sign-on (issue 34): two lookups under the same debounce and the same cancel rules.
 */
export function setEmail(email: string): void {
  // Typing is the cue to fetch what signing in needs (the TLD list and the API client), before the lookup asks.
  void loadTlds();
  void loadApiClient().catch(() => undefined);
  void loadSsoLookup().catch(() => undefined);
  loginState.email = email;
  loginState.step = 'password';
  clearTimeout(lookupTimer);
  const seq = ++lookupSeq;
  if (firstIssue(emailSchema, email.trim())) {
    loginState.twoFactor = undefined;
    loginState.sso = undefined;
    return;
  }
  loginState.twoFactor = 'PENDING';
  loginState.sso = 'PENDING';
  lookupTimer = setTimeout(async () => {
    // The TLD list may still be on its way: ask only about an address the whole §5 rule accepts.
    await loadTlds();
    if (seq !== lookupSeq) return;
    if (firstIssue(emailSchema, email.trim())) {
      loginState.twoFactor = undefined;
      loginState.sso = undefined;
      return;
    }
    loadSsoLookup()
      .then(({ lookUpSso }) => lookUpSso(email))
      .then(
        (found) => {
          if (seq === lookupSeq) loginState.sso = found;
        },
        () => undefined, // cancelled: the cancel put the state back
      );
    try {
      const api = await loadApiClient();
      const data = await api.users.hasTwoFactorAuth({ params: { email: email.trim() } });
      if (seq === lookupSeq) loginState.twoFactor = data.hasTwoFactorAuth ? 'ENABLED' : 'DISABLED';
    } catch {
      if (seq === lookupSeq) loginState.twoFactor = 'ERROR';
    }
  }, HAS2FA_DEBOUNCE_MS);
}

/** §4: the sign-in button stays disabled until the two-factor status is known and not pending. */
export function canSubmit(state: {
  twoFactor: TwoFactorStatus | undefined;
  status: LoginStatus;
  failure: LoginFailure | undefined;
}): boolean {
  const waiting = state.failure?.kind === 'lockout' && state.failure.until !== undefined;
  return state.twoFactor !== undefined && state.twoFactor !== 'PENDING' && state.status !== 'PENDING' && !waiting;
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
    const api = await loadApiClient();
    const data = await api.auth.login({ payload: body });
    startSession(data.accessToken, data.user);
    loginState.status = 'LOGGED_IN';
    return true;
  } catch (error) {
    loginState.status = 'LOGGED_OUT';
    if (isCancelled(error)) return false;
    loginState.failure =
      isApiError(error) && error.kind === 'rate-limit'
        ? { kind: 'lockout', until: error.retryAfter ? Date.now() + error.retryAfter * 1000 : undefined }
        : { kind: 'failed', problem: problemText(error) };
    return false;
  }
}

/** The lockout countdown reached zero: the form may be tried again. */
export function lockoutOver(): void {
  if (loginState.failure?.kind === 'lockout') loginState.failure = { kind: 'lockout', until: undefined };
}

/** Back from the code step to the e-mail and password (e.g. to use another account). */
export function backToPasswordStep(): void {
  loginState.step = 'password';
  loginState.token = '';
  loginState.failure = undefined;
}

/**
 * Entering /login; returns what leaving does. A fresh form on each visit: the password, the code and a failure stay
 * behind when the visitor leaves, the e-mail stays for the next visit. Clearing on the way out, not on the way in,
 * keeps whatever was typed into the pre-rendered form before the script arrived.
 */
export function enterLogin(carried?: string | null): () => void {
  if (loginState.status === 'PENDING') loginState.status = 'LOGGED_OUT';
  // Issue 34: the address typed on /forgot or /login/sso comes back with the visitor (the latest one typed).
  if (carried && carried !== loginState.email) setEmail(carried);
  // A cancel may have dropped the two-factor answer: ask again for the address still in the form.
  if (loginState.twoFactor === undefined && loginState.email) setEmail(loginState.email);
  return leaveLogin;
}

function leaveLogin(): void {
  loginState.password = '';
  loginState.token = '';
  loginState.step = 'password';
  loginState.failure = undefined;
}

onCancelAll(() => {
  clearTimeout(lookupTimer);
  lookupSeq++;
  if (loginState.twoFactor === 'PENDING') loginState.twoFactor = undefined;
  if (loginState.sso === 'PENDING') loginState.sso = undefined;
  if (loginState.status === 'PENDING') loginState.status = 'LOGGED_OUT';
});
