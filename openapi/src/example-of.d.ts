/** See `example-of.js`: the example value of a parameter or media type, `$ref`s followed by `resolve`. */
export function exampleOf(holder: unknown, resolve: (node: unknown) => unknown): unknown;
