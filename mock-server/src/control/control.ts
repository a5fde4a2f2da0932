import type { Store } from '../sandbox/engine/store.js';
import type { SignInSandbox } from '../sandbox/sandbox.js';
import { FaultEngine } from './faults.js';
import { exportFixture, type Fixture, loadFixture } from './fixture.js';
import { Journal } from './journal.js';

/** The sandbox's state a fixture covers: the engine's store and the sign-in slice. */
export interface SandboxState {
  store: Store;
  signIn: SignInSandbox;
  /**
   * Runs a change of the whole state as one of the store's turns (engine/turns.ts): over a durable store (`--data`,
   * DATABASE_URL) a loaded fixture is committed like any call's writes. Without it the change runs as it is.
   */
  turn?: (work: () => void) => Promise<void>;
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
  async loadFixture(fixture: Fixture): Promise<void> {
    const { state } = this;
    if (!state) throw new Error('the mock runs without the sandbox: it has no state to load');
    await this.#turn(() => loadFixture(fixture, state.store, state.signIn));
    this.#resetTo = structuredClone(fixture);
  }

  /** Back to the last fixture loaded (the seeded world by default), with no rules and an empty journal. */
  async reset(): Promise<void> {
    const { state } = this;
    const to = this.#resetTo;
    if (state && to) await this.#turn(() => loadFixture(to, state.store, state.signIn));
    this.faults.clear();
    this.journal.clear();
  }

  #turn(work: () => void): Promise<void> {
    if (this.state?.turn) return this.state.turn(work);
    work();
    return Promise.resolve();
  }
}
