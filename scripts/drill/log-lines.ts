/**
 * A host's JSON log, read while the host still writes it: only whole lines count. The last line may be half
 * written, and a host killed mid-line leaves a fragment that the next run's first line continues; both are skipped,
 * as a log shipper would, rather than stopping the drill.
 */
export function parseLogLines(text: string): Record<string, unknown>[] {
  const whole = text.slice(0, text.lastIndexOf('\n') + 1);
  const lines: Record<string, unknown>[] = [];
  for (const line of whole.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // A fragment: see above.
    }
  }
  return lines;
}

/**
 * What became of each try of one call, from nginx's JSON access log (the drill's `log_format`): when it ended, what
 * the visitor got, which host answered and what it said (`upstreamStatus`; two when nginx passed it on), how long it
 * took. What a failed call's line under "What visitors saw go wrong" adds, so a red run says why from its log alone.
 */
export function triesOf(access: Record<string, unknown>[], requestId: string): string {
  const tries = access.filter((line) => line.reqId === requestId);
  if (!tries.length) return 'no try reached nginx';
  return tries
    .map((line) => {
      const time = String(line.time ?? '').slice(11, 19);
      return `${time} ${line.status} from ${line.upstream || 'nginx'} (${line.upstreamStatus || '-'}) in ${line.durationS} s`;
    })
    .join('; ');
}
