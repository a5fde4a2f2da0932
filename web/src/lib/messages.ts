import { formatWait, messages } from './i18n/locale.js';

/**
 * Every user-facing text of the product specification (§2, §4, §5, §8), in the visitor's language: the catalogue is
 * `i18n/en.ts` (English, word for word, the source) and one file per locale. Read `messages.x` when rendering.
 */
export { messages };

/** §8 429: the wait left, as m:ss, for the lockout countdown (not shown in the specification). */
export function retryCountdown(seconds: number): string {
  return messages.retryCountdown(formatWait(seconds));
}
