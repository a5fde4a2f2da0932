// The sandbox's twin for MSW (issue 32), free of MSW itself: the same request core as the HTTP mock
// (request-core.ts), with Prism's part played by the description's validator and examples, and the sandbox's part by
// its transport-free core (sandbox/answer.ts). `index.ts` hands it MSW's requests.
import { type OperationId, operationTable } from '@runofshow/sdk';
import { CONTROL_PREFIX, controlAnswer } from '../control/api.js';
import { Control } from '../control/control.js';
import type { RuleInput } from '../control/faults.js';
import type { Fixture } from '../control/fixture.js';
import { matchRoute, type OperationRoute, pathPattern } from '../path-pattern.js';
import {
  answerCall,
  type Backend,
  type BackendAnswer,
  type CoreAnswer,
  parseJson,
  problemAnswer,
} from '../request-core.js';
import { SandboxCore } from '../sandbox/answer.js';
import { Engine } from '../sandbox/engine/engine.js';
import { FILES_PREFIX, serveFile } from '../sandbox/engine/files.js';
import { Schemas } from '../sandbox/engine/schema.js';
import { seedState } from '../sandbox/engine/seed-state.js';
import { MemoryStore } from '../sandbox/engine/store.js';
import type { Hasher } from '../sandbox/password-rules.js';
import { SignInSandbox } from '../sandbox/sandbox.js';
import { webCryptoHasher } from '../sandbox/web-hasher.js';
import { type Description, DescriptionValidator } from '../validate-request.js';
import { VIOLATIONS_HEADER } from '../violations.js';
import { exampleAnswer } from './examples.js';

export interface TwinOptions {
  /** The description (the bundle `openapi/dist/openapi.json`, parsed). */
  description: Description;
  /** The state to start from and reset to; the seeded world by default. */
  fixture?: Fixture;
  /** Fault and latency rules in place from the start (the control API's `POST /__mock/rules` bodies). */
  faults?: RuleInput[];
  /** The seed of every probability rule that names none, so a run replays. */
  seed?: number;
  /** How passwords are hashed: WebCrypto's PBKDF2 by default (fewer rounds make a test faster). */
  hasher?: Hasher;
  /** The clock, in milliseconds. */
  now?: () => number;
  /** Where the signed file URLs lead (the origin the handlers answer on). */
  origin?: string;
}

export interface Twin {
  control: Control;
  sandbox: SignInSandbox;
  engine: Engine;
  /** One call: the control API, a stored file, or an operation through the request core. */
  answer(request: Request, client?: string): Promise<CoreAnswer>;
}

type Route = OperationRoute<OperationId>;

export async function createTwin(options: TwinOptions): Promise<Twin> {
  const { description } = options;
  const now = options.now ?? Date.now;
  const store = new MemoryStore();
  seedState(store);
  const engine = new Engine(store, new Schemas(description as never), now);
  if (options.origin) engine.filesOrigin = options.origin;
  const sandbox = await SignInSandbox.seeded({ hasher: options.hasher ?? webCryptoHasher(), now });
  const core = new SandboxCore(sandbox, engine);
  const control = new Control({ store, signIn: sandbox, turn: (work) => engine.turns.run(work) });
  if (options.fixture) await control.loadFixture(options.fixture);
  for (const rule of options.faults ?? []) {
    control.faults.add({
      ...rule,
      ...(rule.seed === undefined && options.seed !== undefined ? { seed: options.seed } : {}),
    });
  }
  const validator = new DescriptionValidator(description);
  const routes: Route[] = (Object.keys(operationTable) as OperationId[])
    .map((operationId) => {
      const { method, path } = operationTable[operationId];
      return { operationId, method, ...pathPattern(path) };
    })
    .sort((a, b) => a.names.length - b.names.length);
  const operations = new Map<string, Record<string, unknown>>();
  for (const item of Object.values(description.paths)) {
    for (const value of Object.values(item)) {
      const op = value as { operationId?: string };
      if (op && typeof op === 'object' && op.operationId) operations.set(op.operationId, op as Record<string, unknown>);
    }
  }

  // Prism's validating proxy runs with `--errors` in the HTTP mock: an answer that breaks the description becomes its
  // 500, every broken rule listed in `sl-violations` (warnings too, which let the answer through).
  const checked = (operationId: string, answer: BackendAnswer): BackendAnswer => {
    const type = answer.headers.get('content-type');
    const text = answer.body.length ? decoder.decode(answer.body) : undefined;
    const body = text !== undefined && /\bjson\b/i.test(type ?? '') ? parseJson(answer.body, type) : text;
    // Prism's own problem (an example or code the description lacks) is its error, never checked as an answer.
    if (isPrismProblem(body)) return answer;
    const violations = validator.checkAnswer({ operationId, status: answer.status, headers: answer.headers, body });
    if (!violations.length) return answer;
    const errors = violations.filter((v) => v.severity === 'Error');
    const out = errors.length
      ? prismProblem(
          500,
          'VIOLATIONS',
          'Request/Response not valid',
          'Your request/response is not valid and the --errors flag is set, so Prism is generating this error for you.',
          { validation: errors },
        )
      : answer;
    out.headers.set(VIOLATIONS_HEADER, JSON.stringify(violations));
    return out;
  };

  const backend: Backend = async (call) => {
    const found = matchRoute(routes, call.method, call.url.pathname);
    const operation = found && operations.get(found.operationId);
    if (!found || !operation) {
      return prismProblem(
        404,
        'NO_PATH_MATCHED_ERROR',
        'Route not resolved, no path matched',
        `The route ${call.url.pathname} hasn't been found in the specification file`,
      );
    }
    // Prism's validating proxy checks the credentials first, and answers a call without them itself.
    if (!secured(description, operation, call.url.searchParams, call.headers)) {
      return prismProblem(
        401,
        'UNAUTHORIZED',
        'Invalid security scheme used',
        'Your request does not fullfil the security requirements and no HTTP unauthorized response was found in the spec, so Prism is generating this error for you.',
      );
    }
    const type = call.headers.get('content-type');
    const form = type?.startsWith('multipart/form-data')
      ? Object.fromEntries(
          [...(await new Response(call.body, { headers: { 'content-type': type } }).formData())].map(([k, v]) => [
            k,
            typeof v === 'string' ? v : '(file)',
          ]),
        )
      : undefined;
    const violations = validator.check({
      operationId: found.operationId,
      path: found.path,
      query: call.url.searchParams,
      headers: call.headers,
      body: form ?? parseJson(call.body, type),
      hasBody: call.body.length > 0,
      contentType: type,
    });
    if (violations.length) {
      // What Prism's validating proxy answers (it never forwards such a call); the core turns it into our 422.
      const answer = prismProblem(422, 'UNPROCESSABLE_ENTITY', 'Invalid request', 'Your request is not valid');
      answer.headers.set(VIOLATIONS_HEADER, JSON.stringify(violations));
      return answer;
    }
    const prefer = call.headers.get('prefer');
    if (!call.toSandbox) return checked(found.operationId, fromExample(exampleAnswer(description, operation, prefer)));
    const reply = await core.answer({
      method: call.method,
      pathname: call.url.pathname,
      query: call.url.searchParams,
      headers: call.headers,
      body: call.body,
      client: call.headers.get('x-forwarded-for') ?? '',
    });
    const answer =
      reply.status === 501
        ? fromExample(exampleAnswer(description, operation, prefer))
        : { status: reply.status, headers: new Headers(reply.headers), body: encoder.encode(reply.body ?? '') };
    return checked(found.operationId, answer);
  };
  const coreOptions = {
    transport: 'msw' as const,
    backend,
    control,
    sandboxHandles: (method: string, path: string) => core.handles(method, path),
    callerOf: (token: string) => emailOf(sandbox.tokenUser(token).body),
  };

  return {
    control,
    sandbox,
    engine,
    async answer(request, client = '127.0.0.1') {
      const url = new URL(request.url);
      const method = request.method.toUpperCase();
      const body = new Uint8Array(await request.arrayBuffer());
      const origin = request.headers.get('origin') ?? undefined;
      if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
        const sent = body.length ? parseJson(body, 'application/json') : undefined;
        if (body.length && sent === undefined)
          return problemAnswer(origin, 400, 'Bad request', 'The body is not JSON.');
        const answer = await controlAnswer(control, method, url.pathname, url.searchParams, sent);
        const payload = answer?.body === undefined ? '' : JSON.stringify(answer.body);
        const status = answer?.status ?? 404;
        return {
          kind: 'answer',
          status,
          headers: payload ? { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } : {},
          body: encoder.encode(payload),
        };
      }
      if (url.pathname.startsWith(FILES_PREFIX) && (method === 'GET' || method === 'HEAD')) {
        const file = await engine.turns.run(() => serveFile(store, url.pathname, url.searchParams, now()));
        return { kind: 'answer', status: file.status, headers: file.headers, body: file.body };
      }
      return answerCall(coreOptions, { method, url, headers: new Headers(request.headers), body, client });
    },
  };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function fromExample(answer: { status: number; headers: Record<string, string>; body: string | undefined }) {
  return { status: answer.status, headers: new Headers(answer.headers), body: encoder.encode(answer.body ?? '') };
}

/** Prism's own problem answers, word for word (its typo included), as its validating proxy gives them. */
function prismProblem(
  status: number,
  code: string,
  title: string,
  detail: string,
  more: Record<string, unknown> = {},
): BackendAnswer {
  const problem = { type: `https://stoplight.io/prism/errors#${code}`, title, status, detail, ...more };
  return {
    status,
    headers: new Headers({ 'content-type': 'application/problem+json' }),
    body: encoder.encode(JSON.stringify(problem)),
  };
}

const isPrismProblem = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  'type' in body &&
  typeof body.type === 'string' &&
  body.type.startsWith('https://stoplight.io/prism/errors#');

/** Whether one of the operation's security alternatives is met (each of its keys present), as Prism checks. */
function secured(
  description: Description,
  operation: Record<string, unknown>,
  query: URLSearchParams,
  headers: Headers,
): boolean {
  const schemes = (description as { components?: { securitySchemes?: Record<string, { in?: string; name?: string }> } })
    .components?.securitySchemes;
  const requirements = (operation.security ?? (description as { security?: unknown }).security ?? []) as Record<
    string,
    unknown
  >[];
  if (!requirements.length) return true;
  return requirements.some((requirement) =>
    Object.keys(requirement).every((name) => {
      const scheme = schemes?.[name];
      if (!scheme?.name) return false;
      return scheme.in === 'header' ? headers.has(scheme.name) : query.has(scheme.name);
    }),
  );
}

const emailOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
    ? body.email
    : undefined;
