// @ts-check
// The transport headers of §7 are declared on every operation (request id, client id) and the idempotency key on
// every write (a GET marked `x-write: true` included), so the docs, types and mock know them.
const ALWAYS = ['X-Request-Id', 'X-Client-Id'];
const WRITES = ['Idempotency-Key'];

export default function standardParameters() {
  return {
    PathItem: {
      Operation: {
        /** @param {any} operation @param {any} ctx */
        enter(operation, ctx) {
          const names = new Set(
            (operation.parameters ?? []).map((/** @type {any} */ p) => {
              const node = p?.$ref ? ctx.resolve(p).node : p;
              return node?.in === 'header' ? String(node.name) : undefined;
            }),
          );
          const method = String(ctx.key).toLowerCase();
          const write = method !== 'get' || operation['x-write'] === true;
          const required = write ? [...ALWAYS, ...WRITES] : ALWAYS;
          for (const name of required) {
            if (!names.has(name)) {
              ctx.report({
                message: `Operation ${operation.operationId} must declare the ${name} header parameter.`,
                location: ctx.location.child('parameters'),
              });
            }
          }
        },
      },
    },
  };
}
