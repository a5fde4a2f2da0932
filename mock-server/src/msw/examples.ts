// Prism's mocked answer, for the calls the sandbox leaves to the description (a `Prefer` choice, the SSO operations,
// a credential missing): the answer `Prefer: code=` or `example=` names, else the first success, from its examples.
import type { Description } from '../validate-request.js';

interface MediaType {
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}
interface ResponseObject {
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
  $ref?: string;
}

export interface ExampleAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
}

function resolve<T>(description: Description, node: T & { $ref?: string }): T {
  let current: unknown = node;
  for (let hops = 0; hops < 10 && typeof current === 'object' && current !== null && '$ref' in current; hops++) {
    current = (current as { $ref: string }).$ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], description);
  }
  return current as T;
}

/** Reads Prism's `Prefer` choices: `code=401`, `example=locked`. */
function preferred(prefer: string | null): { code?: string; example?: string } {
  const out: { code?: string; example?: string } = {};
  for (const part of (prefer ?? '').split(/[,;]/)) {
    const [name = '', value = ''] = part.split('=').map((s) => s.trim().replace(/^"|"$/g, ''));
    if (name === 'code') out.code = value;
    if (name === 'example') out.example = value;
  }
  return out;
}

export function exampleAnswer(
  description: Description,
  operation: { responses?: Record<string, ResponseObject> },
  prefer: string | null,
  forceStatus?: number,
): ExampleAnswer {
  const responses = operation.responses ?? {};
  const choice = preferred(prefer);
  const code =
    forceStatus !== undefined
      ? String(forceStatus)
      : (choice.code ?? Object.keys(responses).find((c) => /^2\d\d$/.test(c)) ?? Object.keys(responses)[0]);
  const response = code ? responses[code] : undefined;
  if (!code || !response) {
    // Prism's answer to a code or example the description does not have, in its words.
    return problem(404, 'NOT_FOUND', `Requested status code ${code ?? ''} is not defined in the document.`);
  }
  const resolved = resolve(description, response);
  const [media, content] = Object.entries(resolved.content ?? {})[0] ?? [];
  if (!media || !content) return { status: Number(code), headers: {}, body: undefined };
  const examples = content.examples ?? {};
  let value: unknown = content.example;
  if (choice.example !== undefined) {
    const named = examples[choice.example];
    if (!named) {
      return problem(
        404,
        'NOT_FOUND',
        `Response for contentType: ${media} and exampleKey: ${choice.example} does not exist.`,
      );
    }
    value = resolve(description, named).value;
  } else if (value === undefined) {
    const first = Object.values(examples)[0];
    value = first ? resolve(description, first).value : undefined;
  }
  return {
    status: Number(code),
    headers: { 'content-type': media },
    body: value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value),
  };
}

function problem(status: number, code: string, detail: string): ExampleAnswer {
  return {
    status,
    headers: { 'content-type': 'application/problem+json' },
    body: JSON.stringify({
      type: `https://stoplight.io/prism/errors#${code}`,
      title: 'The server cannot find the requested content',
      status,
      detail,
    }),
  };
}
