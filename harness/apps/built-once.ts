import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What an app's start builds from fixed inputs (a wiki compiled by its release), built once per
 * temporary folder (the suite's run gives its workers one) and inputs, then copied for each
 * instance: the build is the same every time, and a start that repeats it pays its CPU and
 * seconds again.
 */

/** Marks a folder whose build finished; a copy of the folder leaves it out. */
export const kBuiltMark = '.bu-built-complete';

/**
 * The folder `build` filled for `inputs` (every value the result depends on: the release's folder
 * and version, the files written), built the first time it is asked for. Callers never write into it.
 */
export function builtOnce(name: string, inputs: readonly unknown[], build: (dir: string) => void): string {
  const key = createHash('sha1').update(JSON.stringify(inputs)).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `bu-built-${name}-${key}`);
  if (fs.existsSync(path.join(dir, kBuiltMark))) return dir;
  const building = fs.mkdtempSync(`${dir}-building-`);
  try {
    build(building);
    fs.writeFileSync(path.join(building, kBuiltMark), '');
    fs.renameSync(building, dir);
  } catch (err) {
    fs.rmSync(building, { recursive: true, force: true });
    // Another worker finished the same build first.
    if (fs.existsSync(path.join(dir, kBuiltMark))) return dir;
    throw err;
  }
  return dir;
}

/** A copy of a built folder for one instance, without the build's mark. */
export function copyBuilt(built: string, target: string): void {
  fs.cpSync(built, target, { recursive: true, filter: (source) => path.basename(source) !== kBuiltMark });
}
