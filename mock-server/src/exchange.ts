import type { Violation } from './violations.js';

/** One request through the mock's front and how it went: what the contract tally and the printed report read. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  violations: Violation[];
  /** True when the call was the sandbox's to answer (through Prism's validating proxy). */
  sandbox: boolean;
}
