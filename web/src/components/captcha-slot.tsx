import { lazy, type Ref, Suspense, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CaptchaHandle } from './captcha.js';

const CaptchaSection = lazy(() => import('./captcha-section.js').then((m) => ({ default: m.CaptchaSection })));

/** Once a visitor has used a captcha form on this page, a remount (another captcha screen) fetches at once. */
let visitorEngaged = false;

/**
 * Where a form's invisible captcha goes. The captcha's code (the component and its error box, about 1.3 KB) comes
 * when the visitor first uses the form (a key, a click, an input, a password manager's fill) or submits, not with the
 * screen: the screen's first load stays within its budget in every locale (issue 34). The handle it gives the form
 * waits for the captcha to be there.
 */
export function CaptchaSlot({ ref }: { ref: Ref<CaptchaHandle> }) {
  const [engaged, setEngaged] = useState(visitorEngaged);
  const anchor = useRef<HTMLSpanElement>(null);
  const inner = useRef<CaptchaHandle | null>(null);
  const waiting = useRef<((handle: CaptchaHandle) => void)[]>([]);

  useEffect(() => {
    if (engaged) {
      visitorEngaged = true;
      return;
    }
    const form = anchor.current?.closest('form');
    if (!form) return setEngaged(true);
    const engage = () => setEngaged(true);
    const cues = ['input', 'keydown', 'pointerdown'] as const;
    for (const cue of cues) form.addEventListener(cue, engage, { once: true, passive: true });
    return () => {
      for (const cue of cues) form.removeEventListener(cue, engage);
    };
  }, [engaged]);

  useImperativeHandle(
    ref,
    () => ({
      token() {
        setEngaged(true);
        const ready = inner.current
          ? Promise.resolve(inner.current)
          : new Promise<CaptchaHandle>((resolve) => waiting.current.push(resolve));
        return ready.then((handle) => handle.token());
      },
      reset() {
        inner.current?.reset();
      },
    }),
    [],
  );

  if (!engaged) return <span hidden ref={anchor} />;
  return (
    <Suspense fallback={null}>
      <CaptchaSection
        ref={(handle) => {
          inner.current = handle;
          if (handle) for (const resolve of waiting.current.splice(0)) resolve(handle);
        }}
      />
    </Suspense>
  );
}
