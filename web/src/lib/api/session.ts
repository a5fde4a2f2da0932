import type { components } from '@runofshow/sdk';
import { proxy } from 'valtio';

type User = components['schemas']['User'];

const STORAGE_KEY = 'runofshow.accessToken';

const storedToken = readToken();

/**
 * The signed-in session: the access token (kept in localStorage for the dashboard) and its user. `checked` turns
 * true once the start-up token-user call (§4) has answered, or at once when there was no token to check.
 */
export const session = proxy<{ accessToken: string | undefined; user: User | undefined; checked: boolean }>({
  accessToken: storedToken,
  user: undefined,
  checked: storedToken === undefined,
});

export function markSessionChecked(): void {
  session.checked = true;
}

function readToken(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function startSession(accessToken: string, user: User): void {
  session.accessToken = accessToken;
  session.user = user;
  try {
    localStorage.setItem(STORAGE_KEY, accessToken);
  } catch {
    // Storage can be disabled; the session then lasts as long as the page.
  }
}

export function clearSession(): void {
  session.accessToken = undefined;
  session.user = undefined;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
