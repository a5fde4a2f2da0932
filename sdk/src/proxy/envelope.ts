import type { OperationSpec } from '../operation-table.js';
import { fillPath, pathParamProblem } from '../path-params.js';
import { ProxyProblem } from './problem.js';

type Scalar = string | number | boolean;
type Values = Record<string, Scalar | Scalar[] | null | undefined>;

/**
 * What a proxy call carries (§7): path parameters, query parameters (the access token and guest pass among them),
 * the payload, and the client id (§7 "the client identifier is added to request data").
 */
export interface Envelope {
  params: Values;
  query: Values;
  payload: unknown;
  clientId?: string | undefined;
}

/** A client id as a header can carry it: visible characters, bounded. */
const CLIENT_ID = /^[\x21-\x7e]{1,100}$/;

function clientIdOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !CLIENT_ID.test(value)) {
    throw new ProxyProblem(400, 'Bad request', '`clientId` must be 1 to 100 visible characters.');
  }
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function values(value: unknown, where: string): Values {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new ProxyProblem(400, 'Bad request', `\`${where}\` must be an object.`);
  for (const [key, item] of Object.entries(value)) {
    const ok = item === null || isScalar(item) || (Array.isArray(item) && item.every((element) => isScalar(element)));
    if (!ok)
      throw new ProxyProblem(
        400,
        'Bad request',
        `\`${where}.${key}\` must be a string, number, boolean or a list of them.`,
      );
  }
  return value as Values;
}

/** Reads `{ params, payload, query }`; nothing else may be in it. */
export function readEnvelope(body: unknown): Envelope {
  if (!isRecord(body))
    throw new ProxyProblem(400, 'Bad request', 'The body must be a JSON object { params, payload, query }.');
  for (const key of Object.keys(body)) {
    if (key !== 'params' && key !== 'payload' && key !== 'query' && key !== 'clientId') {
      throw new ProxyProblem(
        400,
        'Bad request',
        `Unexpected \`${key}\`: the body holds only params, payload, query and clientId.`,
      );
    }
  }
  return {
    params: values(body.params, 'params'),
    query: values(body.query, 'query'),
    payload: body.payload,
    clientId: clientIdOf(body.clientId),
  };
}

/** The envelope of a multipart proxy upload: `params` and `query` as JSON text fields, `clientId` as text. */
export function uploadEnvelope(form: FormData): Omit<Envelope, 'payload'> {
  return {
    params: jsonField(form.get('params'), 'params'),
    query: jsonField(form.get('query'), 'query'),
    clientId: clientIdOf(form.get('clientId') ?? undefined),
  };
}

/** The multipart fields that are the envelope's, not the payload's. */
export const ENVELOPE_FIELDS: ReadonlySet<string> = new Set(['params', 'query', 'clientId']);

/** The credentials the query may carry; each goes upstream only to the operations that take it. */
const CREDENTIALS = { accessToken: 'token', guestPass: 'guest' } as const;

/**
 * The direct call an envelope stands for: the REST URL (path parameters checked and filled, then the query, with the
 * access token and guest pass only for the operations that take them), and the client id as `X-Client-Id`.
 */
export function directTarget(
  endpoint: string,
  operation: OperationSpec,
  envelope: Omit<Envelope, 'payload'>,
  headers: Record<string, string>,
): string {
  const query: Values = {};
  for (const [name, value] of Object.entries(envelope.query)) {
    const needs = Object.hasOwn(CREDENTIALS, name) ? CREDENTIALS[name as keyof typeof CREDENTIALS] : undefined;
    if (needs === undefined || operation[needs]) query[name] = value;
  }
  if (envelope.clientId !== undefined) headers['x-client-id'] = envelope.clientId;
  return directUrl(endpoint, operation.path, envelope.params, query).href;
}

/** Reads a JSON text field of a multipart proxy upload (`params`, `query`). */
function jsonField(text: ReturnType<FormData['get']>, where: string): Values {
  if (text === null) return {};
  if (typeof text !== 'string') throw new ProxyProblem(400, 'Bad request', `\`${where}\` must be JSON text.`);
  try {
    return values(JSON.parse(text) as unknown, where);
  } catch (error) {
    if (error instanceof ProxyProblem) throw error;
    throw new ProxyProblem(400, 'Bad request', `\`${where}\` must be JSON text.`);
  }
}

/** The REST URL of a call: the template filled from `params` (all of them, no others, none that moves the path), then the query. */
function directUrl(endpoint: string, template: string, params: Values, query: Values): URL {
  const problem = pathParamProblem(template, params);
  if (problem) throw new ProxyProblem(400, 'Bad request', problem);
  const path = fillPath(template, params);
  const url = new URL(`${endpoint}${path}`);
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    // Array values repeat the key (§7).
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  return url;
}
