// `@runofshow/mock-server/control`: what a test drives the mock with (issue 32), whichever transport carries it.
export { CONTROL_PREFIX, controlAnswer, readRule } from './api.js';
export { callsOf, expectCalled, expectNoWriteAppliedTwice } from './assert.js';
export { Control, type SandboxState } from './control.js';
export {
  type Decision,
  describeFault,
  FAULT_HEADER,
  FAULT_STATUSES,
  type Fault,
  FaultEngine,
  faultAnswer,
  type Rule,
  type RuleInput,
} from './faults.js';
export { exportFixture, type Fixture, loadFixture } from './fixture.js';
export { Journal, type JournalEntry, type JournalFilter } from './journal.js';
export { operationOf } from './operations.js';
export { readPrefer } from './prefer.js';
export { SeededRandom, seedFrom } from './random.js';
