import { clientIdRule } from '../generated/operations.js';
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

/** The envelope's client id, sent upstream as `X-Client-Id`: held to that header's rule in the description. */
function clientIdOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const { pattern, minLength, maxLength } = clientIdRule;
  const ok = typeof value === 'string' && value.length >= minLength && value.length <= maxLength && pattern.test(value);
  if (!ok) {
    throw new ProxyProblem(
      400,
      'Bad request',
      `\`clientId\` is sent as X-Client-Id: ${minLength} to ${maxLength} characters matching ${pattern.source}.`,
    );
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
export function uploadEnvelope(fields: ReadonlyMap<string, string>): Omit<Envelope, 'payload'> {
  return {
    params: jsonField(fields.get('params'), 'params'),
    query: jsonField(fields.get('query'), 'query'),
    clientId: clientIdOf(fields.get('clientId')),
  };
}

/** The credentials the query may carry, each to the operations whose row says they take it. */
const CREDENTIALS = { accessToken: 'token', guestPass: 'guest' } as const;

/** Whether an operation takes a query parameter: one the description declares for it, or a credential it takes. */
function takes(operation: OperationSpec, name: string): boolean {
  if (name === 'accessToken' || name === 'guestPass') return operation[CREDENTIALS[name]] === true;
  return operation.query?.includes(name) === true;
}

/** A caller's parameter name as a problem may quote it: printable, bounded. */
const shown = (name: string) => name.replace(/[^\x21-\x7e]/g, '?').slice(0, 64);

/**
 * The query holds only what the operation takes: the parameters the description declares for it, and the access
 * token and guest pass where it takes them. Any other name (`apiKey`, `AccessToken`, a token sent to sign-in) is a
 * 400 that names it, before anything goes upstream: names are compared exactly, so no case variant of a credential
 * reaches an API that might read names loosely.
 */
function checkQuery(operation: OperationSpec, query: Values): void {
  for (const name of Object.keys(query)) {
    if (takes(operation, name)) continue;
    const declared = [...(operation.query ?? [])];
    if (operation.token) declared.push('accessToken');
    if (operation.guest) declared.push('guestPass');
    throw new ProxyProblem(
      400,
      'Bad request',
      `Unexpected query parameter "${shown(name)}": this operation takes ${declared.length ? declared.join(', ') : 'none'}.`,
    );
  }
}

/** The path parameters fill the template: all of them, no others, none that moves the path. */
function checkParams(template: string, params: Values): void {
  const problem = pathParamProblem(template, params);
  if (problem) throw new ProxyProblem(400, 'Bad request', problem);
}

/**
 * Checks one envelope field of an upload the moment it has arrived, before any part after it is parsed: `params`
 * against the path, `query` against what the operation takes, `clientId` against X-Client-Id's rule.
 */
export function checkUploadField(operation: OperationSpec, name: string, text: string): void {
  if (name === 'params') checkParams(operation.path, jsonField(text, 'params'));
  else if (name === 'query') checkQuery(operation, jsonField(text, 'query'));
  else if (name === 'clientId') clientIdOf(text);
}

/**
 * The direct call an envelope stands for: the REST URL (path parameters checked and filled, then the query the
 * operation takes), and the client id as `X-Client-Id`.
 */
export function directTarget(
  endpoint: string,
  operation: OperationSpec,
  envelope: Omit<Envelope, 'payload'>,
  headers: Record<string, string>,
): string {
  checkQuery(operation, envelope.query);
  if (envelope.clientId !== undefined) headers['x-client-id'] = envelope.clientId;
  return directUrl(endpoint, operation.path, envelope.params, envelope.query).href;
}

/** Reads a JSON text field of a multipart proxy upload (`params`, `query`). */
function jsonField(text: string | undefined, where: string): Values {
  if (text === undefined) return {};
  try {
    return values(JSON.parse(text) as unknown, where);
  } catch (error) {
    if (error instanceof ProxyProblem) throw error;
    throw new ProxyProblem(400, 'Bad request', `\`${where}\` must be JSON text.`);
  }
}

/** The REST URL of a call: the template filled from `params` (all of them, no others, none that moves the path), then the query. */
function directUrl(endpoint: string, template: string, params: Values, query: Values): URL {
  checkParams(template, params);
  const path = fillPath(template, params);
  const url = new URL(`${endpoint}${path}`);
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    // Array values repeat the key (§7).
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  return url;
}
