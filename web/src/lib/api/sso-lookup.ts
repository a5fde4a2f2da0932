import { emailDomain } from '../sso-domain.js';
import { isCancelled } from './cancel.js';
import { isApiError } from './error-kind.js';
import { loadApiClient } from './load-api-client.js';

/** What the lookup says of an address's domain: single sign-on, none (404), or no answer. */
export type SsoAnswer = 'sso' | 'none' | 'failed';

type Api = Awaited<ReturnType<typeof loadApiClient>>;
let quiet: Api | undefined;

/**
 * Issue 34: whether the address's domain signs in through single sign-on, `GET /ssoconfig/{domain}` for the part
 * after the at-sign: the domain §2 sends the browser to (`/sso/login/{domain}`), word for word, and so the one whose
 * answer tells what the visitor will meet there (openapi/DECISIONS.md, "Single sign-on's destination"). A 404 is not
 * logged as the app's client logs every failure; any other failure is still printed. A cancel rejects, as every call
 * does, for the caller to ignore.
 */
export async function lookUpSso(email: string): Promise<SsoAnswer> {
  const domain = emailDomain(email);
  if (!domain) return 'none';
  const api = await loadApiClient();
  quiet ??= api.withOptions({ logger: false });
  try {
    await quiet.sso.getByDomain({ params: { domain } });
    return 'sso';
  } catch (error) {
    if (isCancelled(error)) throw error;
    if (isApiError(error) && error.status === 404) return 'none';
    console.error('The SSO lookup failed.', error);
    return 'failed';
  }
}
