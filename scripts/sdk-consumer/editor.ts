// What an editor shows over a consumer's code, asked of TypeScript's language service as VS Code asks tsserver: the
// quick info (hover) and the definition of `api.users.list` in a file of the consumer project, whose
// `@runofshow/sdk` is the installed tarball. tsserver maps a definition in a .d.ts through its declaration map to
// the source (`getSourceMapper().tryGetSourcePosition`, the service's own method, not in its public types); this
// does the same.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const SOURCE = `import { createApiClient, createApiClientFor, tableOf } from '@runofshow/sdk';
import { usersList } from '@runofshow/sdk/operations';

const api = createApiClient({ endpoint: 'http://127.0.0.1:4010', apiKey: 'development-api-key' });
export const users = api.users.list();
const small = createApiClientFor({ endpoint: 'http://127.0.0.1:4010', apiKey: 'k' }, tableOf(usersList));
export const fewer = small.users.list();
`;

interface Location {
  fileName: string;
  pos: number;
}
type WithSourceMapper = ts.LanguageService & {
  getSourceMapper(): { tryGetSourcePosition(location: Location): Location | undefined };
};

/** Every way the hover and the definition fall short of what a user should see; empty when all is well. */
export function editorView(project: string): { problems: string[] } {
  // In a folder of its own: the consumer's tsc runs meanwhile over the project's top-level `*.ts`, and must not see it.
  const folder = join(project, 'editor');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'hover.ts');
  writeFileSync(file, SOURCE);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    strict: true,
    noEmit: true,
    types: [],
  };
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => folder,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    ...(ts.sys.realpath ? { realpath: ts.sys.realpath } : {}),
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const problems: string[] = [];
  for (const expression of ['api.users.list', 'small.users.list']) {
    const at = SOURCE.indexOf(expression) + expression.length - 'list'.length + 1;
    const info = service.getQuickInfoAtPosition(file, at);
    const docs = ts.displayPartsToString(info?.documentation);
    const shown = ts.displayPartsToString(info?.displayParts);
    if (!docs.startsWith('List users'))
      problems.push(`hover on ${expression} shows no summary: ${JSON.stringify(docs)}`);
    if (!docs.includes('`GET /users`')) problems.push(`hover on ${expression} names no route: ${JSON.stringify(docs)}`);
    if (!shown.includes('ApiPromise'))
      problems.push(`hover on ${expression} shows no signature: ${JSON.stringify(shown)}`);
    const [definition] = service.getDefinitionAtPosition(file, at) ?? [];
    const declared = definition ? { fileName: definition.fileName, pos: definition.textSpan.start } : undefined;
    const source =
      declared && ((service as WithSourceMapper).getSourceMapper().tryGetSourcePosition(declared) ?? declared);
    const target = source?.fileName.replaceAll('\\', '/') ?? '';
    if (!target.endsWith('node_modules/@runofshow/sdk/src/generated/facade.ts')) {
      problems.push(`go-to-definition on ${expression} opens ${JSON.stringify(target)}, not the generated source`);
    } else {
      const line = readFileSync(target, 'utf8').slice(source?.pos).split('\n')[0];
      if (!line?.startsWith("list: OperationMethod<'users.list'>")) {
        problems.push(`go-to-definition on ${expression} lands on ${JSON.stringify(line)}`);
      }
    }
  }
  const errors = service.getSemanticDiagnostics(file).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  problems.push(...errors.map((error) => `type error in the editor file: ${error}`));
  return { problems };
}
