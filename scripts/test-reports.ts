// The counts in the JSON reports vitest and Playwright write, read the same way by `npm test` and `npm run test:node`.
import { readFileSync } from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Passed and failed tests of a vitest `--reporter=json` report; undefined when there is none (the run crashed). */
export function vitestCounts(path: string): Counts | undefined {
  const report = readJson<{ numPassedTests: number; numFailedTests: number }>(path);
  return report && { passed: report.numPassedTests, failed: report.numFailedTests };
}

/** Passed (flaky ones included: they passed on a retry) and failed tests of a Playwright JSON report. */
export function playwrightCounts(path: string): Counts | undefined {
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(path);
  return report && { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}
