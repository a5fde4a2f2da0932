import { proxy } from 'valtio';
import { isCancelled, onCancelAll } from '../../lib/api/cancel.js';
import { isApiError } from '../../lib/api/error-kind.js';
import { loadApiClient } from '../../lib/api/load-api-client.js';
import { type ProblemText, problemText } from '../../lib/api/problem.js';
import { session } from '../../lib/api/session.js';
import type { SignUpOutcome } from '../../lib/return-url.js';
import { browserTimeZone, defaultTeamName, SIGN_UP_INDUSTRY, teamTitle } from '../../lib/sign-up.js';

// Fetched on submit, with the captcha's token, not with the screen (its first load: issue 34's budget).
const loadSignUp = () => import('../../lib/api/sign-up-and-in.js');

/** §4 sign-up: in progress, signed up, and the 409 'Sign Up Error' dialog. `failed`: any other error (not shown). */
export const signupState = proxy({
  signUpInProgress: false,
  signedUp: false,
  conflictDialogOpen: false,
  failed: false,
  /** Why it failed, when the server said so by its Problem `type` (issue 34); else the general failure text. */
  problem: undefined as ProblemText | undefined,
});

export interface SignUpForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** §2 company name: the title of the team created after sign-up (§7 user create has no company). */
  company: string;
  /** §2: all four identity fields came in the link. */
  verified: boolean;
}

export function enterSignup(): void {
  signupState.signUpInProgress = false;
  signupState.failed = false;
  signupState.conflictDialogOpen = false;
}

/**
 * §3 and §7: create the user (industry 'Corporate', the browser's time zone, the captcha token, isVerified when the
 * link carried the full identity), sign in, then create the team titled by the company name, or "{first} {last}'s
 * Team" when none is given. Resolves with where §2 sends the visitor, or undefined when it did not finish (the state
 * says why).
 */
export async function signUp(form: SignUpForm, captcha: string): Promise<SignUpOutcome | undefined> {
  const timezone = browserTimeZone();
  return run(async () => {
    try {
      await (await loadSignUp()).signUpAndSignIn({
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        password: form.password,
        captcha,
        industry: SIGN_UP_INDUSTRY,
        timezone,
        ...(form.verified ? { isVerified: true } : {}),
      });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        signupState.conflictDialogOpen = true;
        return undefined;
      }
      throw error;
    }
    await createTeam(teamTitle(form.company, form.firstName, form.lastName), form.email, timezone);
    return { kind: 'new-user' };
  });
}

/** A visitor who is already signed in (the session loaded at start) only creates a team. */
export async function createTeamForSignedInUser(): Promise<SignUpOutcome | undefined> {
  const user = session.user;
  if (!user) return undefined;
  return run(async () => {
    const team = await createTeam(defaultTeamName(user.firstName, user.lastName), user.email, browserTimeZone());
    return { kind: 'existing-user', teamId: team._id };
  });
}

async function createTeam(title: string, email: string, defaultTimeZone: string) {
  const api = await loadApiClient();
  return api.teams.create({ payload: { title, email, defaultTimeZone } });
}

async function run(steps: () => Promise<SignUpOutcome | undefined>): Promise<SignUpOutcome | undefined> {
  signupState.signUpInProgress = true;
  signupState.failed = false;
  try {
    const outcome = await steps();
    if (outcome) signupState.signedUp = true;
    return outcome;
  } catch (error) {
    // §8: other sign-up errors are rethrown by the API layer; here they become a failure alert (decision in README).
    if (!isCancelled(error)) {
      console.error('Sign-up failed', error);
      signupState.failed = true;
      signupState.problem = problemText(error);
    }
    return undefined;
  } finally {
    signupState.signUpInProgress = false;
  }
}

/** §4: Dismiss (and Login, which then goes to /login) removes the dialog. */
export function closeConflictDialog(): void {
  signupState.conflictDialogOpen = false;
}

onCancelAll(() => {
  signupState.signUpInProgress = false;
});
