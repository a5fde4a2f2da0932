import { SectionErrorBoundary } from '@runofshow/ui/section-error-boundary';
import type { Ref } from 'react';
import { messages } from '../lib/messages.js';
import { Captcha, type CaptchaHandle } from './captcha.js';

/** The captcha with its section error box (Reload when its library fails to load), fetched by CaptchaSlot. */
export function CaptchaSection({ ref }: { ref: Ref<CaptchaHandle> }) {
  return (
    <SectionErrorBoundary
      label={messages.captcha}
      texts={{ text: messages.sectionErrorText, reload: messages.sectionErrorReload }}
    >
      <Captcha ref={ref} eager />
    </SectionErrorBoundary>
  );
}
