import fs from 'node:fs';
import path from 'node:path';

/** Where the npm apps are installed: the repository's node_modules (package names as aliased in package.json). */

const kRepo = path.resolve(import.meta.dirname, '../..');

/** The folder of an installed npm package, or null when `npm install` has not put it there. */
export function npmPackageDir(name: string): string | null {
  const dir = path.join(kRepo, 'node_modules', name);
  return fs.existsSync(path.join(dir, 'package.json')) ? dir : null;
}

/** The installed version of an npm package (as aliased), or null. */
export function npmPackageVersion(name: string): string | null {
  const dir = npmPackageDir(name);
  if (!dir) return null;
  const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string' ? parsed.version : null;
}

/** Null when every listed file of `name` is installed, else what to run. */
export function npmUnavailable(name: string, files: string[]): string | null {
  const dir = npmPackageDir(name);
  if (!dir) return `${name} is not installed (npm install)`;
  const missing = files.find((file) => !fs.existsSync(path.join(dir, file)));
  return missing ? `${name} has no ${missing} (npm install)` : null;
}
