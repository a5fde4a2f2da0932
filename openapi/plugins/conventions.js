// @ts-check
// The description's layout and naming rules, enforced by lint rather than memory (see openapi/README.md), and the
// decorators that write each operation's proxy-mode name, response headers, SDK call samples and §6 rule into the
// bundle.

import codeSamples from './decorators/code-samples.js';
import proxyName from './decorators/proxy-name.js';
import responseHeaders from './decorators/response-headers.js';
import role from './decorators/role.js';
import operationFile from './rules/operation-file.js';
import operationId from './rules/operation-id.js';
import pagingMark from './rules/paging-mark.js';
import standardParameters from './rules/standard-parameters.js';
import successExample from './rules/success-example.js';
import writeMark from './rules/write-mark.js';

export default function conventions() {
  return {
    id: 'conventions',
    rules: {
      oas3: {
        'operation-id': operationId,
        'operation-file': operationFile,
        'paging-mark': pagingMark,
        'standard-parameters': standardParameters,
        'success-example': successExample,
        'write-mark': writeMark,
      },
    },
    decorators: {
      oas3: {
        'proxy-name': proxyName,
        'code-samples': codeSamples,
        'response-headers': responseHeaders,
        role,
      },
    },
  };
}
