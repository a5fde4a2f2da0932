import { type Decision, FAULT_STATUSES, type Fault, type FaultStatus } from './faults.js';

/**
 * One call's own latency and fault, asked through `Prefer` as scenarios are picked (RFC 7240 preferences, comma
 * separated, parameters after `;`):
 *
 *   Prefer: fault=503                 Prefer: fault=429; retry-after=5
 *   Prefer: fault=stall; ms=1500      Prefer: fault=cut
 *   Prefer: fault=lost                Prefer: fault=lost; as=cut
 *   Prefer: latency=300               Prefer: latency=100-300
 *
 * The rest of the header (Prism's `code=`, `example=`) goes on as it came; `rest` is undefined when nothing is left,
 * so a call that asked only for a fault is still the sandbox's to answer.
 */
export interface PreferredControl {
  decision: Decision | undefined;
  rest: string | undefined;
  /** A preference of ours that could not be read (the front answers 400 with it). */
  error?: string;
}

const OURS = new Set(['fault', 'latency']);

export function readPrefer(header: string | null | undefined): PreferredControl {
  if (!header) return { decision: undefined, rest: undefined };
  const rest: string[] = [];
  let decision: Decision | undefined;
  for (const preference of header.split(',')) {
    const [head = '', ...params] = preference.split(';').map((part) => part.trim());
    const [name = '', value = ''] = head.split('=').map((part) => part.trim().replace(/^"|"$/g, ''));
    if (!OURS.has(name.toLowerCase())) {
      if (preference.trim()) rest.push(preference.trim());
      continue;
    }
    const options = new Map(
      params.map((param) => {
        const [k = '', v = ''] = param.split('=').map((part) => part.trim().replace(/^"|"$/g, ''));
        return [k.toLowerCase(), v] as const;
      }),
    );
    decision ??= { latencyMs: 0, by: 'prefer' };
    if (name.toLowerCase() === 'latency') {
      const range = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(value);
      if (!range) return { decision: undefined, rest: undefined, error: `latency=${value}: milliseconds, or min-max` };
      const min = Number(range[1]);
      const max = Number(range[2] ?? range[1]);
      decision.latencyMs = min + Math.floor(Math.random() * (Math.max(max, min) - min + 1));
      continue;
    }
    const fault = readFault(value, options);
    if (typeof fault === 'string') return { decision: undefined, rest: undefined, error: fault };
    decision.fault = fault;
  }
  return { decision, rest: rest.length ? rest.join(', ') : undefined };
}

function readFault(value: string, options: Map<string, string>): Fault | string {
  const number = (name: string, fallback: number | undefined) => {
    const raw = options.get(name);
    if (raw === undefined) return fallback;
    return /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
  };
  if (/^\d+$/.test(value)) {
    const status = Number(value);
    if (!(FAULT_STATUSES as readonly number[]).includes(status)) {
      return `fault=${value}: a status of ${FAULT_STATUSES.join(', ')}`;
    }
    const retryAfter = number('retry-after', undefined);
    if (Number.isNaN(retryAfter)) return 'retry-after: whole seconds';
    return { kind: 'status', status: status as FaultStatus, ...(retryAfter === undefined ? {} : { retryAfter }) };
  }
  if (value === 'stall') {
    const ms = number('ms', 1000);
    if (ms === undefined || Number.isNaN(ms)) return 'ms: whole milliseconds';
    return { kind: 'stall', ms };
  }
  if (value === 'cut') return { kind: 'cut' };
  if (value === 'lost') {
    const as = options.get('as') ?? 'status';
    if (as !== 'status' && as !== 'cut') return 'as: status or cut';
    return { kind: 'lost', as };
  }
  return `fault=${value}: a status, stall, cut or lost`;
}
