import type { Page } from '@playwright/test';

/** hCaptcha's published test site key: harmless anywhere, and what the tests expect the widget to be given. */
export const TEST_SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';
/** The token the stub hands out; the tests look for it in the API payloads. */
export const STUB_TOKEN = 'e2e-stub-hcaptcha-response';

/**
 * What `@hcaptcha/react-hcaptcha` 2.2 needs from hCaptcha's script (read from its source): the script is requested
 * from https://js.hcaptcha.com/1/api.js?onload=hCaptchaOnLoad&render=explicit… with crossorigin=anonymous (so the
 * response needs CORS), must define `window.hcaptcha` with render/execute/reset/remove/getResponse/getRespKey/close/
 * setData, and must call the global named by `onload`. `execute(id, { async: true })` resolves `{ response, key }`.
 */
const STUB_SCRIPT = `(() => {
  const widgets = new Map();
  let next = 0;
  window.hcaptcha = {
    render(container, params) {
      const id = 'stub-' + ++next;
      widgets.set(id, params);
      window.__hcaptchaParams = { sitekey: params.sitekey, size: params.size };
      return id;
    },
    execute(id, options) {
      window.__hcaptchaExecutions = (window.__hcaptchaExecutions || 0) + 1;
      const answer = { response: ${JSON.stringify(STUB_TOKEN)}, key: 'stub-key' };
      if (options && options.async) return Promise.resolve(answer);
      widgets.get(id)?.callback?.(answer.response);
    },
    reset() {},
    remove(id) { widgets.delete(id); },
    getResponse() { return ${JSON.stringify(STUB_TOKEN)}; },
    getRespKey() { return 'stub-key'; },
    close() {},
    setData() {},
  };
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();`;

/**
 * Gives the page a site key (as the site server does from HCAPTCHA_SITEKEY, which the test stack leaves empty) and
 * answers hCaptcha's script host with the stub. The document, its Content-Security-Policy (the site server allows
 * hCaptcha's hosts on the captcha screens), the app and the API stay real. The key is written when parsing ends,
 * before the app's module script runs and reads it.
 */
export async function stubHcaptcha(page: Page): Promise<void> {
  await page.addInitScript((siteKey) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      document.querySelector('meta[name="hcaptcha-sitekey"]')?.setAttribute('content', siteKey);
    });
  }, TEST_SITE_KEY);
  await page.route('https://js.hcaptcha.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/javascript; charset=utf-8',
      headers: { 'access-control-allow-origin': '*' },
      body: STUB_SCRIPT,
    }),
  );
}
