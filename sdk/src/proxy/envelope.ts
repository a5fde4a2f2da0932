import { placeholdersOf } from '../operation-table.js';
import { ProxyProblem } from './problem.js';

type Scalar = string | number | boolean;
type Values = Record<string, Scalar | Scalar[] | null | undefined>;

/** What a proxy call carries (§7): path parameters, query parameters, and the payload. */
export interface Envelope {
  params: Values;
  query: Values;
  payload: unknown;
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
    if (key !== 'params' && key !== 'payload' && key !== 'query') {
      throw new ProxyProblem(
        400,
        'Bad request',
        `Unexpected \`${key}\`: the body holds only params, payload and query.`,
      );
    }
  }
  return { params: values(body.params, 'params'), query: values(body.query, 'query'), payload: body.payload };
}

/** Reads a JSON text field of a multipart proxy upload (`params`, `query`). */
export function jsonField(text: ReturnType<FormData['get']>, where: string): Values {
  if (text === null) return {};
  if (typeof text !== 'string') throw new ProxyProblem(400, 'Bad request', `\`${where}\` must be JSON text.`);
  try {
    return values(JSON.parse(text) as unknown, where);
  } catch (error) {
    if (error instanceof ProxyProblem) throw error;
    throw new ProxyProblem(400, 'Bad request', `\`${where}\` must be JSON text.`);
  }
}

/** The REST URL of a call: the template filled from `params` (all of them, no others, §8), then the query. */
export function directUrl(endpoint: string, template: string, params: Values, query: Values): URL {
  const names = placeholdersOf(template);
  for (const key of Object.keys(params)) {
    if (!names.includes(key)) {
      throw new ProxyProblem(400, 'Bad request', `Missing required path parameter: {${key}} is not in ${template}.`);
    }
  }
  const path = template.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '' || Array.isArray(value)) {
      throw new ProxyProblem(400, 'Bad request', `Missing required path parameter: ${name} for ${template}.`);
    }
    return encodeURIComponent(String(value));
  });
  const url = new URL(`${endpoint}${path}`);
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    // Array values repeat the key (§7).
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  return url;
}
