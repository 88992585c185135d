import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the real apps from npm are installed. They are no dependencies of the project: their
 * own lockfile (harness/apps/npm/) pins them, and `make test-deps` installs it with `npm ci` into
 * a folder of the apps cache named after the lockfile's hash, so a clone finds an install another
 * clone made of the same lockfile, and a changed lockfile never meets a stale install. Package
 * names are as aliased in that package.json (`tiddlywiki-5.3`).
 */

/** The cache of real apps installed outside the project; `BU_APPS_CACHE` moves it. */
export function appsCacheDir(): string {
  return process.env.BU_APPS_CACHE ?? path.join(os.homedir(), '.cache', 'brow-use-apps');
}

const kManifestDir = path.join(import.meta.dirname, 'npm');

/** The folder `make test-deps` installs the npm apps' lockfile into (the Makefile computes the same name). */
export function npmAppsDir(): string {
  const lock = fs.readFileSync(path.join(kManifestDir, 'package-lock.json'));
  return path.join(appsCacheDir(), `npm-apps-${createHash('sha256').update(lock).digest('hex').slice(0, 12)}`);
}

/** The folder of an installed npm app package, or null when `make test-deps` has not put it there. */
export function npmPackageDir(name: string): string | null {
  const dir = path.join(npmAppsDir(), 'node_modules', name);
  return fs.existsSync(path.join(dir, 'package.json')) ? dir : null;
}

/** The version in the package.json of the package folder `dir`, or null when there is none. */
function versionAt(dir: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return null;
  }
  return typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string' ? parsed.version : null;
}

/** The installed version of an npm package (as aliased), or null. */
export function npmPackageVersion(name: string): string | null {
  const dir = npmPackageDir(name);
  return dir ? versionAt(dir) : null;
}

/**
 * An app installed on its own by `make bench-deps` (`npm install --prefix <prefix> name@version`):
 * its installed version (or 'not installed'), and null when it is the pinned one, else what to run.
 */
export function prefixInstall(label: string, prefix: string, name: string, version: string): { installed: () => string; unavailable: () => string | null } {
  const installed = () => versionAt(path.join(prefix, 'node_modules', name)) ?? 'not installed';
  return {
    installed,
    unavailable: () => (installed() === version ? null : `${label} ${version} is not installed in ${prefix} (make bench-deps)`),
  };
}

/** Null when every listed file of `name` is installed, else what to run. */
export function npmUnavailable(name: string, files: string[]): string | null {
  const dir = npmPackageDir(name);
  if (!dir) return `${name} is not installed in ${npmAppsDir()} (make test-deps)`;
  const missing = files.find((file) => !fs.existsSync(path.join(dir, file)));
  return missing ? `${name} has no ${missing} (make test-deps)` : null;
}
