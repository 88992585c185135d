import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** The installed version of a Debian package, or `not installed`. */
export function debianPackageVersion(name: string): string {
  const result = spawnSync('dpkg-query', ['-W', '-f', '${Version}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout ? result.stdout : 'not installed';
}

/**
 * Null when Debian's package `packages[0]` is installed and `file` (its program, its entry point)
 * is there; else what to install: `packages` with apt-get, or `make bench-deps`, which installs
 * the apps only the benchmarks run.
 */
export function debianUnavailable(app: string, file: string, packages: readonly string[]): string | null {
  return fs.existsSync(file) && debianPackageVersion(packages[0]!) !== 'not installed'
    ? null
    : `${app} is not installed (apt-get install --no-install-recommends ${packages.join(' ')}, or make bench-deps)`;
}

/** Null when `php` runs, else what to install. */
export function phpUnavailable(): string | null {
  return spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0 ? null : 'php is not installed (apt-get install php-cli, or make test-deps)';
}

/** Null when PHP has SQLite3, else what to install. */
export function phpSqliteUnavailable(): string | null {
  return phpUnavailable() ?? (spawnSync('php', ['-r', 'exit(class_exists("SQLite3") ? 0 : 1);']).status === 0 ? null : 'PHP has no SQLite3 (apt-get install php-sqlite3, or make test-deps)');
}
