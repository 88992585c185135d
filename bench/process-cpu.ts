import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * CPU time used by this process and every process it started (a browser and its renderers), in
 * ms, from Linux's /proc; null elsewhere. On a shared machine wall time mostly measures the other
 * tenants, CPU time the work done: benchmarks print both.
 */

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/** Fields after the command name in /proc/<pid>/stat (the name may hold spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

export function processTreeCpuMs(): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    if (!fields) continue;
    // Field 4 of stat is the parent pid; after the name it is at index 1.
    const parent = Number(fields[1]);
    const list = children.get(parent) ?? [];
    list.push(Number(name));
    children.set(parent, list);
  }
  const ticks = clockTicks();
  let ms = 0;
  const pending = [process.pid];
  while (pending.length) {
    const pid = pending.pop()!;
    const fields = statFields(pid);
    // utime and stime (fields 14 and 15) are at 11 and 12 after the name.
    if (fields) ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
    pending.push(...(children.get(pid) ?? []));
  }
  return ms;
}

/**
 * CPU time of this process's children that have ended (and were waited for), with theirs, in ms;
 * null off Linux. With `processTreeCpuMs` before and after, the CPU of a child command that ran to
 * its end (a `bu` run and the browser it started).
 */
export function endedChildrenCpuMs(): number | null {
  const fields = statFields(process.pid);
  if (!fields) return null;
  // cutime and cstime (fields 16 and 17) are at 13 and 14 after the name.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / clockTicks();
}

/** CPU time of this process and of every process it started, running or ended, in ms; null off Linux. */
export function allCpuMs(): number | null {
  const live = processTreeCpuMs();
  const ended = endedChildrenCpuMs();
  return live === null || ended === null ? null : live + ended;
}
