// What a large answer costs the proxy's host (issue 21): a CSV export of BENCH_STREAM_MIB MiB (200) from an upstream
// that sends it as fast as it is taken, read whole by a client, through the node listener, the fetch handler (over
// node:http glue that streams its Response) and the bare pass-through, each proxy in a process of its own. For each,
// on the first answer it serves: the time to the first byte and to the last, the throughput, and the proxy process's
// peak resident memory during the answer above what it held before (Linux: the peak is reset through /proc/<pid>/clear_refs, then read as
// VmHWM; elsewhere nothing is printed for it).
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { type Child, startChild, stop } from './proxy.js';

/** A process's resident memory now and at its peak since the last reset, in bytes; undefined off Linux. */
function memory(pid: number | undefined): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { rss: kib('VmRSS'), peak: kib('VmHWM') };
  } catch {
    return undefined;
  }
}

function resetPeak(pid: number | undefined): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Reads one export through `url` to its end: milliseconds to the first byte and to the last, and the bytes. */
function readExport(url: string): Promise<{ firstMs: number; lastMs: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = request(`${url}/api/users.exportCsv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
    });
    call.on('response', (res) => {
      let firstMs = 0;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ firstMs, lastMs: performance.now() - started, bytes }));
      res.on('error', reject);
    });
    call.on('error', reject);
    call.end('{"query":{"accessToken":"bench-token"}}');
  });
}

export async function benchStream(mebibytes: number): Promise<void> {
  const upstream = await startChild('export', String(mebibytes));
  const proxies: Record<string, Child> = {
    'node listener': await startChild('listener', upstream.url),
    'fetch handler': await startChild('handler', upstream.url),
    'ceiling: bare pass-through': await startChild('ceiling', upstream.url),
  };
  console.log(`a ${mebibytes} MiB CSV export through each proxy, read whole as it arrives`);
  try {
    for (const [name, child] of Object.entries(proxies)) {
      const pid = child.process.pid;
      // The first answer the process serves: a warmed-up one would measure memory the earlier answer left behind
      // (a heap grown by 500 MB does not hand it back), hiding what the answer costs.
      const reset = resetPeak(pid);
      const before = memory(pid);
      const { firstMs, lastMs, bytes } = await readExport(child.url);
      const after = memory(pid);
      if (bytes !== mebibytes * 1024 * 1024) throw new Error(`${name}: ${bytes} bytes arrived`);
      const peak =
        reset && before && after
          ? `, peak RSS +${((after.peak - before.rss) / 1e6).toFixed(1)} MB over ${(before.rss / 1e6).toFixed(0)} MB`
          : '';
      console.log(
        `  ${name.padEnd(28)} first byte ${firstMs.toFixed(0)} ms, last ${lastMs.toFixed(0)} ms, ` +
          `${(mebibytes / (lastMs / 1000)).toFixed(0)} MiB/s${peak}`,
      );
    }
  } finally {
    await Promise.all([...Object.values(proxies), upstream].map(stop));
  }
}
