import { useEffect, useState } from 'react';
import { retryCountdown } from '../../lib/messages.js';

/**
 * §8 429: counts down the `Retry-After` wait under the lockout message. Each second's text is not announced (that
 * would flood a screen reader); the lockout alert above already was.
 */
export function LockoutCountdown({ until, onDone }: { until: number; onDone: () => void }) {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setSeconds(next);
      if (next === 0) {
        clearInterval(timer);
        onDone();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [until, onDone]);
  return (
    <p className="countdown" aria-live="off">
      <time dateTime={`PT${seconds}S`}>{retryCountdown(seconds)}</time>
    </p>
  );
}
