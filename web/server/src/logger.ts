import { REDACTED } from '@runofshow/sdk/proxy-listener';
import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger };

/**
 * The host's JSON logger (pino): one line per request and one per event, on stdout. Nothing logged carries a header
 * or a body; paths go through `redactPath` first, and the API key's value is scrubbed from every line's text as a
 * last guard (a key pasted into a URL by mistake).
 */
export function createLogger(level: LogLevel, apiKey: string, destination?: DestinationStream): Logger {
  const scrub = (text: string) => (apiKey.length >= 4 ? text.split(apiKey).join(REDACTED) : text);
  return pino(
    {
      level,
      base: { service: 'runofshow-host' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: ['apiKey', '*.apiKey', 'headers', '*.headers'], censor: REDACTED },
      hooks: {
        streamWrite: scrub,
      },
    },
    destination,
  );
}
