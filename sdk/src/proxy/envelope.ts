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

/**
 * The envelope of proxy mode (§7), one module for its three readers: the client writes it (`envelopeRoute`,
 * `writeEnvelope`, `writeUploadEnvelope`), the proxy handler and listener read it (`readEnvelope`, `uploadEnvelope`,
 * `checkUploadField`), and scripts/proxy-description.ts describes it (`envelopeSchema`, `uploadEnvelopeSchema`) for
 * `openapi.proxy.json`, so the three cannot drift apart.
 */

/** The keys of a JSON envelope: nothing else may be in it. */
export const ENVELOPE_KEYS = ['params', 'query', 'payload', 'clientId'] as const;

/** The text fields of an upload's envelope, which come before the file and the payload fields. */
export const ENVELOPE_FIELDS: ReadonlySet<string> = new Set(['params', 'query', 'clientId']);

/** The route of a proxy call: `{base}/{group}.{method}`, or `{base}/upload/{group}.{method}` for an upload. */
export function envelopeRoute(base: string, operationId: string, upload: boolean): string {
  return `${base}/${upload ? 'upload/' : ''}${operationId}`;
}

/** What the client puts in an envelope, from its call plan. */
export interface EnvelopeParts {
  params?: Readonly<Record<string, unknown>> | undefined;
  query?: Readonly<Record<string, unknown>> | undefined;
  payload?: unknown;
  clientId?: string | undefined;
}

const nonEmpty = (value: Readonly<Record<string, unknown>> | undefined) =>
  value && Object.values(value).some((item) => item !== undefined) ? value : undefined;

/** The JSON text of an envelope, empty parts left out (a call without inputs sends `{}`). */
export function writeEnvelope(parts: EnvelopeParts): string {
  return JSON.stringify({
    params: nonEmpty(parts.params),
    query: nonEmpty(parts.query),
    payload: parts.payload,
    clientId: parts.clientId,
  });
}

/**
 * The multipart body of a proxy upload: the envelope first (`params` and `query` as JSON text, `clientId`), so the
 * proxy checks it before it parses the file, then the upload's own fields.
 */
export function writeUploadEnvelope(parts: EnvelopeParts, fields: FormData): FormData {
  const form = new FormData();
  form.append('params', JSON.stringify(parts.params ?? {}));
  form.append('query', JSON.stringify(parts.query ?? {}));
  if (parts.clientId) form.append('clientId', parts.clientId);
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

type Schema = Record<string, unknown>;

/**
 * The JSON Schema of an operation's envelope: its path and query parameters as objects, its JSON payload when it
 * takes one, and the client id with X-Client-Id's schema. `required` lists the parts the operation cannot do without.
 */
export function envelopeSchema(parts: {
  params: Schema & { required: string[] };
  query: Schema & { required: string[] };
  payload: Schema | undefined;
  payloadRequired: boolean;
  clientId: Schema;
}): Schema {
  const { params, query, payload, clientId } = parts;
  return {
    type: 'object',
    additionalProperties: false,
    properties: { params, query, ...(payload ? { payload } : {}), clientId },
    required: [
      ...(params.required.length ? ['params'] : []),
      ...(query.required.length ? ['query'] : []),
      ...(parts.payloadRequired && payload ? ['payload'] : []),
    ],
  };
}

/** The envelope's fields of an upload, as multipart properties beside the operation's own. */
export function uploadEnvelopeSchema(clientId: Schema): Schema {
  return {
    params: { type: 'string', maxLength: 4096, description: 'The path parameters, as JSON text.' },
    query: { type: 'string', maxLength: 4096, description: 'The query parameters, as JSON text.' },
    clientId,
  };
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
    if (!(ENVELOPE_KEYS as readonly string[]).includes(key)) {
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
