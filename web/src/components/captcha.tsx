import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';

/** What a form asks of the captcha: a fresh token per submit. */
export interface CaptchaHandle {
  token(): Promise<string>;
  reset(): void;
}

/**
 * Sent when no site key is configured (development, the Prism mock): the API needs a non-empty `captcha`, and a
 * real backend rejects this value, so the bypass can never pass a production check.
 */
export const CAPTCHA_BYPASS_TOKEN = 'development-captcha-bypass';

function configuredSiteKey(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="hcaptcha-sitekey"]')?.content.trim() || undefined;
}

let bypassAnnounced = false;

/**
 * Invisible hCaptcha (§7). The library (~8 KB gzip) and hCaptcha's script load only when a screen that needs a
 * captcha mounts this, never on /login. The site key comes from `<meta name="hcaptcha-sitekey">`; without one the
 * captcha is bypassed and the console says so. A library that fails to download surfaces as a render error, so the
 * surrounding section error boundary offers Reload.
 */
export function Captcha({ ref }: { ref: Ref<CaptchaHandle> }) {
  const [siteKey] = useState(configuredSiteKey);
  const [Widget, setWidget] = useState<typeof HCaptcha>();
  const [loadError, setLoadError] = useState<unknown>();
  const instance = useRef<HCaptcha | null>(null);
  const waitingForWidget = useRef<((widget: HCaptcha) => void)[]>([]);
  // Callers still waiting for a token; an hCaptcha error (e.g. its script did not load) rejects them all.
  const inFlight = useRef(new Set<(error: Error) => void>());

  if (loadError) throw loadError;

  useEffect(() => {
    if (!siteKey) {
      if (!bypassAnnounced) {
        console.warn('hCaptcha is bypassed: no site key in <meta name="hcaptcha-sitekey"> (development only).');
        bypassAnnounced = true;
      }
      return;
    }
    let live = true;
    import('./hcaptcha-widget.js').then(
      (module) => live && setWidget(() => module.default),
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
    };
  }, [siteKey]);

  useImperativeHandle(
    ref,
    () => ({
      async token() {
        if (!siteKey) return CAPTCHA_BYPASS_TOKEN;
        return new Promise<string>((resolve, reject) => {
          inFlight.current.add(reject);
          const widget = instance.current
            ? Promise.resolve(instance.current)
            : new Promise<HCaptcha>((ready) => waitingForWidget.current.push(ready));
          widget
            .then((ready) => ready.execute({ async: true }))
            .then(({ response }) => resolve(response), reject)
            .finally(() => inFlight.current.delete(reject));
        });
      },
      reset() {
        instance.current?.resetCaptcha();
      },
    }),
    [siteKey],
  );

  if (!siteKey || !Widget) return null;
  return (
    <Widget
      ref={(widget) => {
        instance.current = widget;
        if (widget) for (const ready of waitingForWidget.current.splice(0)) ready(widget);
      }}
      sitekey={siteKey}
      size="invisible"
      sentry={false}
      onError={(code) => {
        for (const reject of inFlight.current) reject(new Error(`hCaptcha: ${code}`));
      }}
    />
  );
}
