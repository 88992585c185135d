import fs from 'node:fs/promises';
import path from 'node:path';
import { newSessionId } from './paths.ts';

/** How many later milliseconds to try before giving up (each try is one exclusive create). */
const kMaxTries = 1_000;

/**
 * A new `<command>-<unix-ms>` id that no other run has taken, even when several start in the same
 * millisecond: the id is claimed by exclusively creating a marker under `.brow-use/ids/`, and the
 * next millisecond is tried when it is taken.
 */
export async function reserveSessionId(stateDir: string, command: string, now: number): Promise<string> {
  const dir = path.join(stateDir, 'ids');
  await fs.mkdir(dir, { recursive: true });
  for (let i = 0; i < kMaxTries; i++) {
    const id = newSessionId(command, now + i);
    try {
      await (await fs.open(path.join(dir, id), 'wx')).close();
      return id;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error(`no free ${command} id near ${now} in ${dir}`);
}
