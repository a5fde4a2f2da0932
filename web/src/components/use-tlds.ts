import { useSyncExternalStore } from 'react';
import { subscribeTlds, tldsLoaded } from '../lib/tld-list.js';

/** Re-renders the form once the §5 TLD list arrives, so an address typed before it is judged again. */
export function useTldsLoaded(): boolean {
  return useSyncExternalStore(subscribeTlds, tldsLoaded, tldsLoaded);
}
