import { ApiError } from '@runofshow/sdk';
import { emailDomain } from '../sso-domain.js';
import { isCancelled } from './cancel.js';
import { loadApiClient } from './load-api-client.js';

/** What the lookups say of an address: single sign-on, none (404 and no matcher), or no answer. */
export type SsoAnswer = 'sso' | 'none' | 'failed';
/** With single sign-on, the configured domain the address signs in through (`/sso/login/{domain}`). */
export type SsoFound = { answer: 'sso'; domain: string } | { answer: 'none' | 'failed' };

type Api = Awaited<ReturnType<typeof loadApiClient>>;
let quiet: Api | undefined;

/**
 * Issue 34: whether the address's company signs in through single sign-on. `GET /ssoconfig/{domain}` for its own
 * domain first; when that has none (404, the everyday answer), `GET /ssoconfig/emailMatchers?email=` asks whether a
 * company's matchers take the address anyway (a sub-domain: ada@eu.engines.example.com signs in through
 * engines.example.com), as the description's operation is for. A 404 is not logged as the app's client logs every
 * failure; any other failure is still printed. A cancel rejects, as every call does, for the caller to ignore.
 */
export async function lookUpSso(email: string): Promise<SsoFound> {
  const domain = emailDomain(email);
  if (!domain) return { answer: 'none' };
  const api = await loadApiClient();
  quiet ??= api.withOptions({ logger: false });
  try {
    await quiet.sso.getByDomain({ params: { domain } });
    return { answer: 'sso', domain };
  } catch (error) {
    if (isCancelled(error)) throw error;
    if (!(error instanceof ApiError && error.status === 404)) {
      console.error('The SSO lookup failed.', error);
      return { answer: 'failed' };
    }
  }
  try {
    const address = email.trim();
    const configs = await quiet.sso.listEmailMatchers({ query: { email: address } });
    const found = configs[0]?.domain;
    return found ? { answer: 'sso', domain: found.toLowerCase() } : { answer: 'none' };
  } catch (error) {
    if (isCancelled(error)) throw error;
    console.error('The SSO lookup failed.', error);
    return { answer: 'failed' };
  }
}
