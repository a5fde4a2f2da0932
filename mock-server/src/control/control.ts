import type { Store } from '../sandbox/engine/store.js';
import type { SignInSandbox } from '../sandbox/sandbox.js';
import { FaultEngine } from './faults.js';
import { exportFixture, type Fixture, loadFixture } from './fixture.js';
import { Journal } from './journal.js';

/** The sandbox's state a fixture covers: the engine's store and the sign-in slice. */
export interface SandboxState {
  store: Store;
  signIn: SignInSandbox;
}

/**
 * What a test drives the mock with, whichever transport carries its calls (the mock's port, or MSW): the fault
 * engine, the journal, and the fixture the sandbox resets to.
 */
export class Control {
  readonly faults = new FaultEngine();
  readonly journal: Journal;
  #resetTo: Fixture | undefined;

  constructor(
    readonly state?: SandboxState,
    options: { journalCapacity?: number } = {},
  ) {
    this.journal = new Journal(options.journalCapacity);
    this.#resetTo = state ? exportFixture(state.store, state.signIn) : undefined;
  }

  exportFixture(): Fixture | undefined {
    return this.state && exportFixture(this.state.store, this.state.signIn);
  }

  /** Loads a fixture and makes it the state `reset` returns to. */
  loadFixture(fixture: Fixture): void {
    if (!this.state) throw new Error('the mock runs without the sandbox: it has no state to load');
    loadFixture(fixture, this.state.store, this.state.signIn);
    this.#resetTo = structuredClone(fixture);
  }

  /** Back to the last fixture loaded (the seeded world by default), with no rules and an empty journal. */
  reset(): void {
    if (this.state && this.#resetTo) loadFixture(this.#resetTo, this.state.store, this.state.signIn);
    this.faults.clear();
    this.journal.clear();
  }
}
