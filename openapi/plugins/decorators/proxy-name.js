// @ts-check
// Writes each operation's proxy-mode address (§7: POST /api/{group}.{method}, uploads at /api/upload/...) into the
// bundle as `x-proxy`, derived from the operationId so it can never drift from it.
export default function proxyName() {
  return {
    Operation: {
      /** @param {any} operation */
      leave(operation) {
        if (typeof operation.operationId !== 'string') return;
        const prefix = operation['x-upload'] === true ? '/api/upload/' : '/api/';
        operation['x-proxy'] = `POST ${prefix}${operation.operationId}`;
      },
    },
  };
}
