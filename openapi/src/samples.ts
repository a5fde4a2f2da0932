/**
 * Builds one valid sample call per operation from the bundled description: path, query and header parameters from
 * their examples, the body from the first request example. The mock's example walk and the SDK's contract test both
 * use it, so "every operation answers its success example" is checked from the description itself.
 */

import { exampleOf as sharedExampleOf } from './example-of.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

export interface SampleCall {
  operationId: string;
  method: string;
  /** The path template, e.g. `/users/{email}/has2fa`. */
  template: string;
  /** Path parameter values by name, as text (for the URL). */
  params: Record<string, string>;
  /** Path and query parameter values with their schema types (numbers stay numbers), for proxy mode's envelope. */
  typed: { params: Record<string, Json>; query: Record<string, Json> };
  /** The path with parameters filled in and encoded. */
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** JSON body, when the operation takes one. */
  body?: Json;
  /** Multipart fields (besides `file`), for uploads. */
  form?: Record<string, string>;
  upload: boolean;
  /** Whether the operation needs the access token. */
  authenticated: boolean;
  /** Whether the operation accepts a guest pass (and no access token) — the read-only guest views. */
  guest: boolean;
  /** The documented 2xx status codes. */
  success: number[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows local `$ref`s (`#/components/...`) until a non-reference node. */
export function deref(doc: Obj, node: Json | undefined): Json | undefined {
  let current = node;
  for (let i = 0; i < 20 && isObj(current) && typeof current.$ref === 'string'; i++) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Only local references are supported: ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<Json | undefined>((acc, key) => (isObj(acc) ? acc[key] : undefined), doc);
  }
  return current;
}

/** The example value of a parameter or media type, as the docs' code samples pick it. */
const exampleOf = (doc: Obj, holder: Obj | undefined): Json | undefined =>
  sharedExampleOf(holder, (node) => deref(doc, node as Json)) as Json | undefined;

const asText = (value: Json): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function sampleCalls(doc: Obj): SampleCall[] {
  const calls: SampleCall[] = [];
  const globalSecurity = Array.isArray(doc.security) ? doc.security : [];
  for (const [template, rawItem] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    const item = deref(doc, rawItem);
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const op = deref(doc, item[method]);
      if (!isObj(op) || typeof op.operationId !== 'string') continue;
      const params: Record<string, string> = {};
      const query: Record<string, string | string[]> = {};
      const typed = { params: {} as Record<string, Json>, query: {} as Record<string, Json> };
      const headers: Record<string, string> = {};
      const allParams = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(op.parameters) ? op.parameters : []),
      ];
      for (const raw of allParams) {
        const p = deref(doc, raw);
        if (!isObj(p) || typeof p.name !== 'string') continue;
        if (p.in !== 'path' && p.required !== true) continue;
        const value = exampleOf(doc, p);
        if (value === undefined) throw new Error(`${op.operationId}: parameter ${p.name} has no example`);
        if (p.in === 'path') {
          params[p.name] = asText(value);
          typed.params[p.name] = value;
        } else if (p.in === 'query') {
          query[p.name] = Array.isArray(value) ? value.map(asText) : asText(value);
          typed.query[p.name] = value;
        } else if (p.in === 'header') headers[p.name] = asText(value);
      }
      const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const value = params[name];
        if (value === undefined) throw new Error(`${op.operationId}: no value for path parameter ${name}`);
        return encodeURIComponent(value);
      });
      const security = (Array.isArray(op.security) ? op.security : globalSecurity).filter(isObj);
      const call: SampleCall = {
        operationId: op.operationId,
        method: method.toUpperCase(),
        template,
        params,
        typed,
        path,
        query,
        headers,
        upload: op['x-upload'] === true,
        // The first alternative is the one a sample call satisfies.
        authenticated: security.length > 0 && 'AccessToken' in (security[0] as Obj),
        guest: security.length > 0 && 'GuestPass' in (security[0] as Obj),
        success: Object.keys(isObj(op.responses) ? op.responses : {})
          .filter((code) => /^2\d\d$/.test(code))
          .map(Number),
      };
      const requestBody = deref(doc, op.requestBody);
      if (isObj(requestBody) && isObj(requestBody.content)) {
        const json = requestBody.content['application/json'];
        const multipart = requestBody.content['multipart/form-data'];
        if (isObj(json)) {
          const body = exampleOf(doc, json);
          if (body === undefined) throw new Error(`${op.operationId}: request body has no example`);
          call.body = body;
        } else if (isObj(multipart)) {
          const fields = exampleOf(doc, multipart);
          const form: Record<string, string> = {};
          if (isObj(fields)) for (const [k, v] of Object.entries(fields)) if (k !== 'file') form[k] = asText(v);
          call.form = form;
        }
      }
      calls.push(call);
    }
  }
  return calls;
}
