// What the long-running commands (`npm start`, `npm run dev`, `npm run mock`, `npm run mock:proxy`) share: where they
// serve, and how Ctrl-C stops them.

/** 127.0.0.1, with the site on $PORT (5173) and the mock on $MOCK_PORT (4010). */
export function addresses(env: NodeJS.ProcessEnv = process.env): { host: string; port: number; mockPort: number } {
  return { host: '127.0.0.1', port: Number(env.PORT ?? 5173), mockPort: Number(env.MOCK_PORT ?? 4010) };
}

/** On Ctrl-C or SIGTERM, once: says so, runs `last` (e.g. a report), awaits `stop`, then exits. */
export function stopOnSignal(stop: () => Promise<unknown>, last?: () => void): void {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    last?.();
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}
