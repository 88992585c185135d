import { spawnSync } from 'node:child_process';

/** The installed version of a Debian package, or `not installed`. */
export function debianPackageVersion(name: string): string {
  const result = spawnSync('dpkg-query', ['-W', '-f', '${Version}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout ? result.stdout : 'not installed';
}

/** Null when `php` runs, else what to install. */
export function phpUnavailable(): string | null {
  return spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0 ? null : 'php is not installed (apt-get install php-cli, or make test-deps)';
}

/** Null when PHP has SQLite3, else what to install. */
export function phpSqliteUnavailable(): string | null {
  return phpUnavailable() ?? (spawnSync('php', ['-r', 'exit(class_exists("SQLite3") ? 0 : 1);']).status === 0 ? null : 'PHP has no SQLite3 (apt-get install php-sqlite3, or make test-deps)');
}
