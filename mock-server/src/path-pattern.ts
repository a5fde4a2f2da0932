/** Text as a regular expression that matches just that text. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A description path as a pattern: each `{name}` matches one segment (still percent-encoded), a trailing `/` may follow. */
export interface PathPattern {
  pattern: RegExp;
  /** The parameters' names, in the order of the pattern's groups. */
  names: string[];
}

/** Compiles a description path such as `/users/{userId}/photo`; the sandbox and the scenario matcher route by it. */
export function pathPattern(path: string): PathPattern {
  const names: string[] = [];
  const source = path
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      const name = /^\{([^{}]+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}/?$`), names };
}

/** A route of an operation: its method and its compiled path. */
export interface OperationRoute<Id extends string> extends PathPattern {
  operationId: Id;
  method: string;
}

/**
 * The first route a request matches, with its path parameters decoded; undefined when none does, or when a
 * parameter's percent-encoding is broken. The sandbox's sign-in routes and the engine's route by it.
 */
export function matchRoute<Id extends string>(
  routes: readonly OperationRoute<Id>[],
  method: string,
  pathname: string,
): { operationId: Id; path: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method.toUpperCase()) continue;
    const found = route.pattern.exec(pathname);
    if (!found) continue;
    try {
      const path = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]));
      return { operationId: route.operationId, path };
    } catch {
      return undefined;
    }
  }
  return undefined;
}
