// CPU and memory of the processes that do the work: the server's cluster workers (children of the
// process bench/upload started), or that process itself when it runs alone. Linux /proc only.
import { readFileSync, writeFileSync } from 'node:fs';

/** The server's worker processes, else the server process itself. */
export function workers(pid: number): number[] {
  let kids: number[] = [];
  try {
    kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // Without the children file (an older kernel) the process itself is all that can be read.
  }
  return kids.length ? kids : [pid];
}

/** User + system CPU time (ms) of the processes, all their threads. */
export function cpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(f[11]) + Number(f[12])) * 10;
  }
  return total;
}

const statusKb = (pid: number, field: string) => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
};

/** Each process's resident memory now (MiB), after resetting its peak so that growth can be read. */
export function rssNowAndResetPeak(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    // "5" resets VmHWM to the current RSS (proc(5), clear_refs).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    out.set(pid, statusKb(pid, 'VmRSS') / 1024);
  }
  return out;
}

/** The largest growth of peak resident memory (MiB) over the baseline, among the processes. */
export function peakGrowthMb(before: Map<number, number>): number {
  let worst = 0;
  for (const [pid, base] of before) worst = Math.max(worst, statusKb(pid, 'VmHWM') / 1024 - base);
  return Math.round(worst);
}
