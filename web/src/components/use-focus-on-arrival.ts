import { type RefObject, useEffect } from 'react';
import { isMobileDevice } from '../lib/mobile-device.js';

/**
 * Focuses a field once the screen is up, except on a phone or tablet (§2: the on-screen keyboard would cover the
 * form). For a pre-rendered screen (/login) this replaces `autoFocus`: the HTML is written before the device is known,
 * and an `autofocus` attribute in it would act as soon as the browser parsed it.
 */
export function useFocusOnArrival(field: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    if (!isMobileDevice()) field.current?.focus();
  }, [field]);
}
