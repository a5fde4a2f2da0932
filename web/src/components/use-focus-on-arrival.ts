import { isMobileDevice } from '@runofshow/ui/mobile-device';
import { type RefObject, useEffect } from 'react';

/**
 * Focuses a screen's first field once it is up (and `ready`), except on a phone or tablet (§2: the on-screen keyboard
 * would cover the form). Every screen uses this rather than `autoFocus`: a pre-rendered screen (/login) is written
 * before the device is known, and an `autofocus` attribute in its HTML would act as soon as the browser parsed it.
 */
export function useFocusOnArrival(field: RefObject<HTMLInputElement | null>, ready = true): void {
  useEffect(() => {
    if (ready && !isMobileDevice()) field.current?.focus();
  }, [field, ready]);
}
