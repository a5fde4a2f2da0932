import { operationTable } from '@runofshow/sdk';
import { pathPattern } from './path-pattern.js';
import type { Scenario } from './scenarios.js';

/** What the matcher needs of a direct-mode request. */
export interface ScenarioRequest {
  method: string;
  /** The URL path, still percent-encoded. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, when there is one. */
  body: unknown;
}

interface CompiledScenario {
  scenario: Scenario;
  method: string;
  pattern: RegExp;
  names: string[];
}

const same = (actual: unknown, expected: string) =>
  (typeof actual === 'string' || typeof actual === 'number' || typeof actual === 'boolean') &&
  String(actual).trim().toLowerCase() === expected.trim().toLowerCase();

function compile(scenario: Scenario): CompiledScenario {
  const operation = operationTable[scenario.operationId];
  return { scenario, method: operation.method, ...pathPattern(operation.path) };
}

function matches(compiled: CompiledScenario, request: ScenarioRequest): boolean {
  if (request.method.toUpperCase() !== compiled.method) return false;
  const found = compiled.pattern.exec(request.path);
  if (!found) return false;
  const { path = {}, query = {}, body = {} } = compiled.scenario.when;
  for (const [name, expected] of Object.entries(path)) {
    const raw = found[compiled.names.indexOf(name) + 1];
    let value: string | undefined;
    try {
      value = raw === undefined ? undefined : decodeURIComponent(raw);
    } catch {
      return false;
    }
    if (!same(value, expected)) return false;
  }
  for (const [name, expected] of Object.entries(query)) {
    if (!same(request.query.get(name), expected)) return false;
  }
  const fields =
    typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
  for (const [name, expected] of Object.entries(body)) {
    if (!same(fields[name], expected)) return false;
  }
  return true;
}

/** Compiles the catalogue once; the returned function gives the first scenario a request matches. */
export function scenarioMatcher(catalogue: readonly Scenario[]): (request: ScenarioRequest) => Scenario | undefined {
  const compiled = catalogue.map(compile);
  return (request) => compiled.find((entry) => matches(entry, request))?.scenario;
}
