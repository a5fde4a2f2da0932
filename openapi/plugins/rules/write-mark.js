// @ts-check
// `x-write: true` marks an operation that changes data although its method is GET (§7 lists
// GET /users/{userId}/team/{teamId}/deleterole among the calls that remove things). The SDK's generated table reads
// it, so the call is queued and sent with an Idempotency-Key like any write; a mark anywhere else, or of another
// value, would be a mistake nobody reads.
export default function writeMark() {
  return {
    PathItem: {
      Operation: {
        /** @param {any} operation @param {any} ctx */
        enter(operation, ctx) {
          if (!('x-write' in operation)) return;
          const method = String(ctx.key).toLowerCase();
          if (operation['x-write'] !== true || method !== 'get') {
            ctx.report({
              message: `Operation ${operation.operationId}: \`x-write\` is only \`true\`, and only on a GET that changes data.`,
              location: ctx.location.child('x-write'),
            });
          }
        },
      },
    },
  };
}
