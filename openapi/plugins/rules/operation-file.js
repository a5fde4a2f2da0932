// @ts-check
// Every operation lives in its own file, paths/<group>/<operationId>.yaml, referenced from the root index: the
// file tree and `grep operationId` agree, and nobody edits an operation in the root file.
export default function operationFile() {
  return {
    Operation: {
      /** @param {any} operation @param {any} ctx */
      enter(operation, ctx) {
        const id = operation.operationId;
        if (typeof id !== 'string') return;
        const file = String(ctx.location.source.absoluteRef).replaceAll('\\', '/');
        const group = id.split('.')[0];
        const expected = `/paths/${group}/${id}.yaml`;
        if (!file.endsWith(expected)) {
          ctx.report({
            message: `Operation ${id} must be defined in its own file ...${expected} and referenced from the root.`,
            location: ctx.location.child('operationId'),
          });
        }
      },
    },
  };
}
