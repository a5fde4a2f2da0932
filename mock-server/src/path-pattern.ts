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
