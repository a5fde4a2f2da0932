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
