import type { Exchange } from '../exchange.js';
import { describeViolation, requestErrors, responseErrors } from '../violations.js';

/**
 * Counts the sandbox's exchanges and how many broke the description: a refused request is the caller's fault, a
 * broken answer is the sandbox drifting from the contract. The outbox page shows the figures; tests assert them.
 */
export class ContractTally {
  exchanges = 0;
  refusedRequests = 0;
  brokenAnswers = 0;
  /** The rules broken, one line each, newest last (for the log and a failing test's message). */
  readonly lines: string[] = [];

  record(exchange: Exchange): string[] {
    if (!exchange.sandbox) return [];
    this.exchanges++;
    const refused = requestErrors(exchange.violations);
    const broken = responseErrors(exchange.violations);
    if (refused.length) this.refusedRequests++;
    if (broken.length) this.brokenAnswers++;
    const lines = [...refused, ...broken].map(
      (v) => `sandbox ${exchange.method} ${exchange.path} → ${exchange.status}: ${describeViolation(v)}`,
    );
    this.lines.push(...lines);
    return lines;
  }
}
