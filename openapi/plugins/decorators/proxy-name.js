// @ts-check
// Writes each operation's proxy-mode address (§7: POST /api/{group}.{method}, uploads at /api/upload/...) into the
// bundle as `x-proxy`, derived from the operationId so it can never drift from it, and says it (with the upload and
// write marks and how a list pages, which the docs page does not show as extensions) at the end of the operation's description, where a
// reader of the docs sees it.
import { pagingNote } from '../paging.js';

export default function proxyName() {
  return {
    Operation: {
      /** @param {any} operation */
      leave(operation) {
        if (typeof operation.operationId !== 'string') return;
        const upload = operation['x-upload'] === true;
        const address = `POST ${upload ? '/api/upload/' : '/api/'}${operation.operationId}`;
        operation['x-proxy'] = address;
        const lines = [
          upload
            ? `**Proxy mode:** \`${address}\`, as \`multipart/form-data\` with the \`file\` part, the payload fields, and \`params\` and \`query\` as JSON text.`
            : `**Proxy mode:** \`${address}\` with the JSON body \`{ "params": {…}, "payload": {…}, "query": {…} }\`.`,
        ];
        const paging = pagingNote(operation['x-paging']);
        if (paging) lines.unshift(paging);
        if (upload) lines.unshift('**Upload:** `multipart/form-data` with a `file` part plus the payload fields.');
        if (operation['x-write'] === true) {
          lines.unshift('**A write, though a GET:** send it one at a time with an `Idempotency-Key` (the SDK does).');
        }
        const text = String(operation.description ?? '').trimEnd();
        operation.description = `${text}\n\n${lines.join('\n\n')}\n`;
      },
    },
  };
}
