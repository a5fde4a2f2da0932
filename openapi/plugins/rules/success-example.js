// @ts-check
// Every operation has a 2xx response with at least one named example, so docs readers, QA (Prefer: example=…) and
// the mock all see a realistic answer.
export default function successExample() {
  return {
    Operation: {
      /** @param {any} operation @param {any} ctx */
      enter(operation, ctx) {
        const responses = operation.responses ?? {};
        const codes = Object.keys(responses).filter((code) => /^2\d\d$/.test(code));
        if (codes.length === 0) {
          ctx.report({
            message: `Operation ${operation.operationId} has no 2xx response.`,
            location: ctx.location.child('responses'),
          });
          return;
        }
        const named = codes.some((code) => {
          const raw = responses[code];
          const response = raw?.$ref ? ctx.resolve(raw).node : raw;
          if (code === '204') return true;
          return Object.values(response?.content ?? {}).some(
            (/** @type {any} */ media) => media?.examples && Object.keys(media.examples).length > 0,
          );
        });
        if (!named) {
          ctx.report({
            message: `Operation ${operation.operationId} needs named examples on a 2xx response.`,
            location: ctx.location.child('responses'),
          });
        }
      },
    },
  };
}
