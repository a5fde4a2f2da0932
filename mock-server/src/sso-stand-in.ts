/**
 * The backend's `/sso/login/{domain}` (§2: the SSO page sends the browser there), stood in for during development:
 * it asks the API for the domain's configuration (`GET /ssoconfig/{domain}`) and sends the browser on. A configured
 * domain goes where a finished identity-provider round trip would (`/dash/redirect`); a domain without SSO to
 * §2's "Invalid SSO Domain" screen; any other answer to "Something went wrong".
 */
export function ssoStandIn(apiEndpoint: string, apiKey: string): (domain: string) => Promise<string> {
  return async (domain) => {
    try {
      const response = await fetch(`${apiEndpoint}/ssoconfig/${encodeURIComponent(domain)}`, {
        headers: { 'X-Api-Key': apiKey },
      });
      await response.body?.cancel();
      if (response.ok) return '/dash/redirect';
      if (response.status === 404) return '/app.login/login/sso/invalid';
    } catch {
      // The API is unreachable: the visitor sees the generic SSO error below.
    }
    return '/app.login/login/sso/error';
  };
}
