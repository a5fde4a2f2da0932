import {
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  mergeHeaders,
} from 'openapi-fetch';
import { API_KEY_HEADER, CLIENT_ID_HEADER, IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER } from './call-headers.js';
import type { CallPlan } from './call-plan.js';
import { ApiConfigError } from './config.js';
import type { QuerySerializer } from './path-client.js';
import { envelopeRoute, writeEnvelope, writeUploadEnvelope } from './proxy/envelope.js';

/** A body every try can send again: text, a form, bytes. */
export type WireBody = string | FormData | Blob | ArrayBuffer | URLSearchParams;

/** What one try sends: every try of a call sends the same. */
export interface Wire {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: WireBody | undefined;
}

type BodySerializer = (body: unknown, headers?: Headers) => unknown;

/** openapi-fetch's default query serializer (form style, arrays exploded), made once. */
export const defaultQuerySerializer: QuerySerializer<unknown> = createQuerySerializer();

/** The query a call sends: the caller's, with the access token and guest pass its operation takes (§7). */
function queryOf(plan: CallPlan): Readonly<Record<string, unknown>> | undefined {
  const { token, guestPass } = plan.credentials;
  if (!token && !guestPass) return plan.query;
  return { ...plan.query, ...(token ? { accessToken: token } : {}), ...(guestPass ? { guestPass } : {}) };
}

/**
 * The REST call of a plan, built with openapi-fetch's own serializers (path, query, body, headers): what direct mode
 * sends, and what an app's middleware sees in either mode. The SDK's headers (§7, §9) go on after the caller's: the
 * API key and client id replace any given; a request id or idempotency key the caller gave wins.
 */
export function restWire(plan: CallPlan, endpoint: string): Wire {
  const { input, credentials } = plan;
  const querySerializer =
    typeof input.querySerializer === 'function'
      ? (input.querySerializer as QuerySerializer<unknown>)
      : input.querySerializer
        ? createQuerySerializer(input.querySerializer as Parameters<typeof createQuerySerializer>[0])
        : defaultQuerySerializer;
  const url = createFinalURL(plan.path, {
    baseUrl: endpoint,
    params: { path: plan.params, query: queryOf(plan) } as never,
    querySerializer,
    pathSerializer: defaultPathSerializer,
  });
  const given = mergeHeaders(input.headers as never, input.params?.header as never);
  let body: unknown = plan.form;
  if (!plan.form && plan.payload !== undefined) {
    body = ((input.bodySerializer as BodySerializer | undefined) ?? defaultBodySerializer)(plan.payload, given);
  }
  const headers =
    body === undefined || body instanceof FormData
      ? given
      : mergeHeaders({ 'Content-Type': 'application/json' }, given);
  if (credentials.apiKey) headers.set(API_KEY_HEADER, credentials.apiKey);
  if (credentials.clientId) headers.set(CLIENT_ID_HEADER, credentials.clientId);
  if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, plan.requestId);
  if (plan.idempotencyKey && !headers.has(IDEMPOTENCY_KEY_HEADER)) {
    headers.set(IDEMPOTENCY_KEY_HEADER, plan.idempotencyKey);
  }
  return { url, method: plan.method, headers, body: body as WireBody | undefined };
}

/**
 * Proxy mode's call (§7, Slack's `POST /api/group.method`): the envelope built from the plan's own objects (path
 * parameters, query with the access token and guest pass, payload, client id), never from a serialized request, so
 * the token never rides in the proxy URL, which servers and browsers log. `headers` are the REST call's (an app's
 * middleware may have added some); the client id leaves them for the envelope, and no API key is sent.
 */
export function proxyWire(plan: CallPlan, base: string, headers: Headers): Wire {
  if (!plan.operationId) {
    throw new ApiConfigError(`${plan.method} ${plan.path} is not in the client's operation table: no proxy route.`);
  }
  const sent = new Headers(headers);
  for (const name of [CLIENT_ID_HEADER, API_KEY_HEADER, 'content-type', 'content-length']) sent.delete(name);
  const parts = {
    params: plan.params,
    query: queryOf(plan),
    payload: plan.payload,
    clientId: plan.credentials.clientId,
  };
  const url = envelopeRoute(base, plan.operationId, plan.form !== undefined);
  if (plan.form) return { url, method: 'POST', headers: sent, body: writeUploadEnvelope(parts, plan.form) };
  sent.set('content-type', 'application/json');
  return { url, method: 'POST', headers: sent, body: writeEnvelope(parts) };
}
