// Writes openapi/dist/openapi.proxy.json: the same API as seen in proxy mode (§7), so Prism can serve and validate
// proxy calls too. Every operation becomes `POST /api/{group}.{method}` taking `{ params, payload, query }` (uploads:
// `POST /api/upload/{group}.{method}` as multipart with `file` plus the payload fields and `params`/`query` as JSON
// text); responses are unchanged. The API key is the proxy's, so it is no part of the proxy description.
// §7 "the client identifier is added to request data": besides the `X-Client-Id` header, the envelope (and the
// multipart form) may carry `clientId`, with the header's own schema. The access token and the guest pass ride in the
// envelope's `query` (never in the /api URL, which proxies and logs keep), so they are properties of `query` here, not
// security schemes in the URL.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// The envelope's schema comes from the module the client writes it with and the proxy reads it with.
import { envelopeSchema, uploadEnvelopeSchema } from '@runofshow/sdk/proxy-handler';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const source = fileURLToPath(new URL('../openapi/dist/openapi.json', import.meta.url));
const target = fileURLToPath(new URL('../openapi/dist/openapi.proxy.json', import.meta.url));
const doc = JSON.parse(readFileSync(source, 'utf8')) as Obj;
const components = (doc.components ?? {}) as Obj;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const clientIdHeader = resolve((components.parameters as Obj | undefined)?.ClientId) as Obj | undefined;
if (!clientIdHeader?.schema) throw new Error('components.parameters.ClientId (the X-Client-Id header) is missing');
const clientId: Obj = {
  ...(clientIdHeader.schema as Obj),
  description: 'The calling client application: the client identifier each call may carry.',
};

function resolve<T>(node: T): T {
  let current: unknown = node;
  while (isObj(current) && typeof current.$ref === 'string') {
    const parts = current.$ref.slice(2).split('/');
    current = parts.reduce<unknown>((acc, key) => (isObj(acc) ? acc[key.replaceAll('~1', '/')] : undefined), doc);
  }
  return current as T;
}

function group(params: Obj[], where: string) {
  const chosen = params.filter((p) => p.in === where);
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(chosen.map((p) => [p.name as string, p.schema as Obj])),
    required: chosen.filter((p) => p.required === true).map((p) => p.name as string),
  };
}

/** The query-borne credentials (access token, guest pass), as properties of the envelope's `query`. */
const CREDENTIALS: Record<string, string> = { AccessToken: 'accessToken', GuestPass: 'guestPass' };

function withCredentials(query: ReturnType<typeof group>, security: Obj[]) {
  const options = security.map((req) => Object.keys(req).filter((scheme) => scheme in CREDENTIALS));
  const properties = { ...query.properties };
  const required = [...query.required];
  for (const [scheme, name] of Object.entries(CREDENTIALS)) {
    if (!options.some((schemes) => schemes.includes(scheme))) continue;
    properties[name] = { type: 'string', minLength: 1, description: `The ${scheme} credential, in the envelope.` };
    // Required only when every way to call the operation needs it.
    if (options.every((schemes) => schemes.includes(scheme))) required.push(name);
  }
  return { ...query, properties, required };
}

const paths: Obj = {};
for (const [template, rawItem] of Object.entries((doc.paths ?? {}) as Obj)) {
  const item = resolve(rawItem) as Obj;
  for (const method of METHODS) {
    const op = resolve(item[method]) as Obj | undefined;
    if (!isObj(op) || typeof op.operationId !== 'string') continue;
    const parameters = [...((item.parameters as Obj[]) ?? []), ...((op.parameters as Obj[]) ?? [])].map((p) =>
      resolve(p),
    );
    const params = group(parameters, 'path');
    const query = withCredentials(group(parameters, 'query'), (op.security ?? doc.security ?? []) as Obj[]);
    const headers = parameters.filter((p) => p.in === 'header');
    const requestBody = resolve(op.requestBody) as Obj | undefined;
    const content = (requestBody?.content ?? {}) as Obj;
    const upload = op['x-upload'] === true;
    const envelope = envelopeSchema({
      params,
      query,
      payload: (content['application/json'] as Obj | undefined)?.schema as Obj | undefined,
      payloadRequired: requestBody?.required === true,
      clientId,
    });
    let body: Obj;
    if (upload) {
      const multipart = (content['multipart/form-data'] ?? {}) as Obj;
      const schema = resolve(multipart.schema) as Obj;
      body = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              ...schema,
              properties: { ...((schema?.properties as Obj) ?? {}), ...uploadEnvelopeSchema(clientId) },
            },
          },
        },
      };
    } else {
      body = {
        required: (envelope.required as string[]).length > 0,
        content: { 'application/json': { schema: envelope } },
      };
    }
    // The API key is the proxy's and the other credentials are in the envelope: nothing rides in the URL.
    const security = ((op.security ?? doc.security ?? []) as Obj[]).map((req) =>
      Object.fromEntries(Object.entries(req).filter(([scheme]) => scheme !== 'ApiKey' && !(scheme in CREDENTIALS))),
    );
    paths[`/api/${upload ? 'upload/' : ''}${op.operationId}`] = {
      post: {
        ...op,
        summary: op.summary,
        description: `Proxy mode of \`${method.toUpperCase()} ${template}\`.\n\n${(op.description as string) ?? ''}`,
        parameters: headers,
        requestBody: body,
        security: security.some((req) => Object.keys(req).length === 0) ? [{}] : security,
      },
    };
  }
}

const proxy = {
  ...doc,
  info: { ...(doc.info as Obj), title: `${(doc.info as Obj).title as string} (proxy mode)` },
  servers: [{ url: 'http://127.0.0.1:5173', description: 'Local proxy (npm start) in front of the Prism mock.' }],
  paths,
  // The direct description's default (API key and access token) names schemes this document does not declare: here
  // every operation states its own requirement, and a call with none needs no scheme.
  security: [{}],
  components: {
    ...components,
    securitySchemes: Object.fromEntries(
      Object.entries((components.securitySchemes ?? {}) as Obj).filter(
        ([name]) => name !== 'ApiKey' && !(name in CREDENTIALS),
      ),
    ),
  },
};
writeFileSync(target, `${JSON.stringify(proxy, null, 2)}\n`);
console.log(`wrote ${Object.keys(paths).length} proxy operations to openapi/dist/openapi.proxy.json`);
