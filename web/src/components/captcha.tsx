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
const CAPTCHA_BYPASS_TOKEN = 'development-captcha-bypass';

function configuredSiteKey(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="hcaptcha-sitekey"]')?.content.trim() || undefined;
}

let bypassAnnounced = false;
/** Once a visitor has used a captcha form on this page, a remount (e.g. the error box's Reload) loads at once. */
let visitorEngaged = false;

/**
 * Invisible hCaptcha (§7). `eager`: the visitor has used the form already (CaptchaSlot). Its library (~6.5 KB gzip) and hCaptcha's own script load when the visitor first uses
 * the form around it (a key, a click, an input, a password manager's fill) or asks for a token, never on arrival:
 * a visitor who only looks contacts no third party, and the screen's first load stays within its budget. The site
 * key comes from `<meta name="hcaptcha-sitekey">`; without one the captcha is bypassed and the console says so. A
 * library that fails to download surfaces as a render error, so the surrounding section error boundary offers
 * Reload.
 */
export function Captcha({ ref, eager = false }: { ref: Ref<CaptchaHandle>; eager?: boolean }) {
  const [siteKey] = useState(configuredSiteKey);
  const [Widget, setWidget] = useState<typeof HCaptcha>();
  const [loadError, setLoadError] = useState<unknown>();
  const [wanted, setWanted] = useState(visitorEngaged || eager);
  const anchor = useRef<HTMLSpanElement>(null);
  const instance = useRef<HCaptcha | null>(null);
  // Whether hCaptcha's script has rendered the widget. react-hcaptcha 2.2's `execute({ async: true })` before then
  // rejects with a TypeError when the script arrives (it keeps the `window.hcaptcha` it saw at the call, still
  // undefined), so a visitor who submits while the script is on its way would get the failure alert.
  const rendered = useRef(false);
  const waitingForWidget = useRef<((widget: HCaptcha) => void)[]>([]);
  // Callers still waiting for a token; an hCaptcha error (e.g. its script did not load) rejects them all.
  const inFlight = useRef(new Set<(error: Error) => void>());

  if (loadError) throw loadError;

  useEffect(() => {
    if (siteKey || bypassAnnounced) return;
    console.warn('hCaptcha is bypassed: no site key in <meta name="hcaptcha-sitekey"> (development only).');
    bypassAnnounced = true;
  }, [siteKey]);

  // Wait for the visitor to use the form; outside a form there is nothing to wait for.
  useEffect(() => {
    if (!siteKey || wanted) return;
    const form = anchor.current?.closest('form');
    if (!form) return setWanted(true);
    const engage = () => setWanted(true);
    const cues = ['input', 'keydown', 'pointerdown'] as const;
    for (const cue of cues) form.addEventListener(cue, engage, { once: true, passive: true });
    return () => {
      for (const cue of cues) form.removeEventListener(cue, engage);
    };
  }, [siteKey, wanted]);

  useEffect(() => {
    if (!siteKey || !wanted) return;
    visitorEngaged = true;
    let live = true;
    import('./hcaptcha-widget.js').then(
      (module) => live && setWidget(() => module.default),
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
    };
  }, [siteKey, wanted]);

  useImperativeHandle(
    ref,
    () => ({
      async token() {
        if (!siteKey) return CAPTCHA_BYPASS_TOKEN;
        setWanted(true);
        return new Promise<string>((resolve, reject) => {
          inFlight.current.add(reject);
          const widget =
            rendered.current && instance.current
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

  if (!siteKey) return null;
  if (!Widget) return <span hidden ref={anchor} />;
  return (
    <Widget
      ref={(widget) => {
        instance.current = widget;
      }}
      onReady={() => {
        rendered.current = true;
        const widget = instance.current;
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
