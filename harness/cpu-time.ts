import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * CPU time of this process and of every child it has reaped (their own reaped children included:
 * a `bu` process and the browser it ran), in ms, from Linux's /proc/self/stat; null elsewhere. The
 * difference over a stage whose child processes have all exited is the stage's CPU time.
 */

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

export function ownAndReapedCpuMs(): number | null {
  let text: string;
  try {
    text = fs.readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
  // After the command name (which may hold spaces and parentheses): utime, stime, cutime and cstime are fields 14-17, at 11-14.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks * 1000) / clockTicks();
}
