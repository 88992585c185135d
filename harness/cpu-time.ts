import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * CPU time used by this process and every process it started, from Linux's /proc. A browser's
 * renderers outlive the browser process that started them and are reaped by init, so their time
 * never reaches this process's counters of reaped children: the meter reads every descendant's
 * own time while it runs instead (a process that lives less than one interval is partly missed).
 */

/** Often enough to see most of a short child's time, rarely enough to cost little (~2 ms a scan). */
const kSampleMs = 200;

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

interface Stat {
  parent: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
  /** Start time, which tells a reused pid from the process that had it before. */
  start: string;
}

/** Fields after the command name in /proc/<pid>/stat (the name may hold spaces and parentheses). */
function readStat(pid: string): Stat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // ppid is field 4, utime and stime 14 and 15, starttime 22: at 1, 11, 12 and 19 after the name.
    return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), start: fields[19]! };
  } catch {
    return null;
  }
}

export interface CpuMeter {
  /** CPU ms of this process and of its descendants seen so far. */
  ms(): number;
  stop(): void;
}

/** A meter of this process tree's CPU time, or null where there is no /proc. */
export function processTreeMeter(): CpuMeter | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const seen = new Map<string, number>();
  const scan = () => {
    const stats = new Map<number, Stat>();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const stat = readStat(name);
      if (stat) stats.set(Number(name), stat);
    }
    const children = new Map<number, number[]>();
    for (const [pid, stat] of stats) children.set(stat.parent, [...(children.get(stat.parent) ?? []), pid]);
    const pending = [...(children.get(process.pid) ?? [])];
    while (pending.length) {
      const pid = pending.pop()!;
      const stat = stats.get(pid)!;
      seen.set(`${pid}/${stat.start}`, stat.ticks);
      pending.push(...(children.get(pid) ?? []));
    }
  };
  const timer = setInterval(scan, kSampleMs);
  timer.unref();
  const own = () => readStat('self')?.ticks ?? 0;
  return {
    ms() {
      scan();
      let ticks = own();
      for (const value of seen.values()) ticks += value;
      return (ticks * 1000) / clockTicks();
    },
    stop: () => clearInterval(timer),
  };
}
