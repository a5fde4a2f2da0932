import type { Exchange } from './exchange.js';
import { describeViolation } from './violations.js';

/**
 * The validating proxy's tally: each exchange that broke the description is printed as it happens, and `summary()`
 * groups them by call and rule for the report printed on Ctrl-C.
 */
export class ViolationReport {
  #exchanges = 0;
  #faulty = 0;
  readonly #byCall = new Map<string, Map<string, number>>();

  /** Records one exchange; returns the lines to print now (none when it kept to the description). */
  record(exchange: Exchange): string[] {
    this.#exchanges++;
    const errors = exchange.violations.filter((v) => v.severity === 'Error');
    if (!errors.length) return [];
    this.#faulty++;
    const call = `${exchange.method} ${exchange.path}`;
    const rules = this.#byCall.get(call) ?? new Map<string, number>();
    this.#byCall.set(call, rules);
    const lines = [`✖ ${call} → ${exchange.status}`];
    for (const violation of errors) {
      const rule = describeViolation(violation);
      rules.set(rule, (rules.get(rule) ?? 0) + 1);
      lines.push(`    ${rule}`);
    }
    return lines;
  }

  get exchanges(): number {
    return this.#exchanges;
  }

  get faulty(): number {
    return this.#faulty;
  }

  summary(): string {
    const head = `Validating proxy: ${this.#faulty} of ${this.#exchanges} exchanges broke the description.`;
    const calls = [...this.#byCall].map(([call, rules]) =>
      [`  ${call}`, ...[...rules].map(([rule, count]) => `    ${count}× ${rule}`)].join('\n'),
    );
    return [head, ...calls].join('\n');
  }
}
