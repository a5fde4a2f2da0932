// @ts-check
// operationId is `group.method` (camelCase method): the name proxy mode posts to. Its group is the operation's one
// tag, so tag = folder = SDK group = operationId prefix.
const PATTERN = /^([a-z][a-zA-Z0-9]*)\.([a-z][a-zA-Z0-9]*)$/;

export default function operationId() {
  return {
    Operation: {
      /** @param {any} operation @param {any} ctx */
      enter(operation, ctx) {
        const id = operation.operationId;
        const match = typeof id === 'string' ? PATTERN.exec(id) : null;
        if (!match) {
          ctx.report({
            message: `operationId "${id}" must be group.method with a camelCase method (e.g. users.create).`,
            location: ctx.location.child('operationId'),
          });
          return;
        }
        const tags = operation.tags ?? [];
        if (tags.length !== 1 || tags[0] !== match[1]) {
          ctx.report({
            message: `Operation ${id} must have exactly one tag, "${match[1]}" (its operationId's group).`,
            location: ctx.location.child('tags'),
          });
        }
      },
    },
  };
}
