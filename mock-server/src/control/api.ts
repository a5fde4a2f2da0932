// The control API (issue 32; described in mock-server/openapi/control.yaml): rules, journal, fixture and reset under
// `/__mock/`, on the mock's own port (and in the MSW twin). Transport-free: the caller reads the request and writes
// the answer. The production host never forwards it: its `/api/` proxy passes only the description's operations.
import * as v from 'valibot';
import type { Control } from './control.js';
import { FAULT_STATUSES, type RuleInput } from './faults.js';
import { type Fixture, fixtureProblem } from './fixture.js';

export const CONTROL_PREFIX = '/__mock';

export interface ControlAnswer {
  status: number;
  body?: unknown;
}

const whole = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const ms = whole(0, 600_000);

const FaultSchema = v.variant('kind', [
  v.strictObject({
    kind: v.literal('status'),
    status: v.picklist(FAULT_STATUSES),
    retryAfter: v.optional(whole(0, 86_400)),
  }),
  v.strictObject({ kind: v.literal('stall'), ms }),
  v.strictObject({ kind: v.literal('cut') }),
  v.strictObject({ kind: v.literal('lost'), as: v.optional(v.picklist(['status', 'cut']), 'status') }),
]);

const RuleSchema = v.pipe(
  v.strictObject({
    operations: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[\w.*-]+$/))), v.minLength(1))),
    latency: v.optional(
      v.union([
        ms,
        v.pipe(
          v.strictObject({ min: ms, max: ms }),
          v.check((l) => l.min <= l.max, 'latency.min is at most latency.max'),
        ),
      ]),
    ),
    fault: v.optional(FaultSchema),
    times: v.optional(whole(1, 1_000_000)),
    probability: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
    seed: v.optional(whole(0, 0xffffffff)),
    forMs: v.optional(whole(1, 86_400_000)),
    oncePerRequest: v.optional(v.boolean()),
  }),
  v.check((rule) => rule.latency !== undefined || rule.fault !== undefined, 'a rule has a latency, a fault or both'),
);

const problem = (status: number, title: string, detail: string): ControlAnswer => ({
  status,
  body: { type: `https://errors.runofshow.dev/${title.toLowerCase().replace(/\s+/g, '-')}`, title, status, detail },
});

/** Reads a rule as the API takes it (a fixed latency may be a number), or says what is wrong with it. */
export function readRule(body: unknown): RuleInput | string {
  const parsed = v.safeParse(RuleSchema, body);
  if (!parsed.success) {
    return parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`).join('; ');
  }
  const { latency, ...rest } = parsed.output;
  return {
    ...rest,
    ...(latency === undefined
      ? {}
      : { latency: typeof latency === 'number' ? { min: latency, max: latency } : latency }),
  } as RuleInput;
}

/** Answers one control call; undefined when the path is not the control API's. */
export async function controlAnswer(
  control: Control,
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
): Promise<ControlAnswer | undefined> {
  if (path !== CONTROL_PREFIX && !path.startsWith(`${CONTROL_PREFIX}/`)) return undefined;
  const route = `${method.toUpperCase()} ${path.slice(CONTROL_PREFIX.length).replace(/\/+$/, '') || '/'}`;
  const ruleId = /^DELETE \/rules\/([\w-]+)$/.exec(route)?.[1];
  if (ruleId) {
    return control.faults.remove(ruleId) ? { status: 204 } : problem(404, 'Not found', `There is no rule ${ruleId}.`);
  }
  switch (route) {
    case 'GET /rules':
      return { status: 200, body: { rules: control.faults.rules() } };
    case 'POST /rules': {
      const rule = readRule(body);
      if (typeof rule === 'string') return problem(400, 'Bad request', rule);
      return { status: 201, body: control.faults.add(rule) };
    }
    case 'DELETE /rules':
      control.faults.clear();
      return { status: 204 };
    case 'GET /journal': {
      const filter = Object.fromEntries(
        ['operationId', 'requestId', 'since', 'until'].flatMap((name) => {
          const value = query.get(name);
          return value === null ? [] : [[name, value]];
        }),
      );
      const { journal } = control;
      return {
        status: 200,
        body: { entries: journal.entries(filter), capacity: journal.capacity, dropped: journal.dropped },
      };
    }
    case 'DELETE /journal':
      control.journal.clear();
      return { status: 204 };
    case 'GET /fixture': {
      const fixture = control.exportFixture();
      return fixture ? { status: 200, body: fixture } : noState();
    }
    case 'PUT /fixture': {
      if (!control.state) return noState();
      const wrong = fixtureProblem(body);
      if (wrong) return problem(400, 'Bad request', wrong);
      await control.loadFixture(body as Fixture);
      return { status: 204 };
    }
    case 'POST /reset':
      await control.reset();
      return { status: 204 };
    default:
      return problem(404, 'Not found', `The control API has no ${route} (see ${CONTROL_PREFIX}/ in the catalogue).`);
  }
}

const noState = () => problem(409, 'Conflict', 'The mock runs without the sandbox: it has no state to export or load.');
