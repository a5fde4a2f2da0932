// What the runtimes give a module beside the web platform (Node, Bun and Deno alike): the README's proxy examples
// read `API_KEY` from the environment. Nothing of an app is declared here: every README block defines what it uses.
declare const process: { env: Record<string, string | undefined> };
