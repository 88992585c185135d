import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where brow-use's own files are. It runs two ways: from a checkout (TypeScript sources through
 * tsx, `bin/bu.js`) and from an installed package (compiled JavaScript under `dist/`, `dist/cli/bu.js`).
 * Everything that finds a file of the package (the demo plans, the extension, the `bu` entry)
 * goes through here, so the two layouts never drift.
 */

const kThisFile = fileURLToPath(import.meta.url);

/** True when this code runs from the TypeScript sources of a checkout. */
export const kFromSources = kThisFile.endsWith('.ts');

/** The package root: the folder with package.json (`core/` in a checkout, `dist/core/` when compiled). */
export const kPackageRoot = path.resolve(path.dirname(kThisFile), kFromSources ? '..' : '../..');

/** The package's version, as its package.json says (`bu --version`, the MCP server's handshake). */
/** Where the build puts the session-mode extension, unpacked (load it with "Load unpacked" in chrome://extensions). */
export const kExtensionDist = path.join(kPackageRoot, 'extension', 'dist');
export const kPackageVersion: string = (JSON.parse(fs.readFileSync(path.join(kPackageRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** The script that runs `bu` with the code that is running now. */
export function buEntry(): string {
  return kFromSources ? path.join(kPackageRoot, 'bin', 'bu.js') : path.join(kPackageRoot, 'dist', 'cli', 'bu.js');
}

/**
 * The export condition under which `brow-use` and `brow-use/test` resolve to the TypeScript
 * sources (package.json `exports`). Only a checkout sets it, for generated code it runs itself;
 * an installed package never ships those sources.
 */
export const kSourceCondition = 'brow-use-source';

/**
 * Environment for a child process (Playwright Test) that runs generated code importing
 * `brow-use/test`: from a checkout, the sources are picked through `kSourceCondition`.
 */
export function generatedCodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!kFromSources) return {};
  const flag = `--conditions=${kSourceCondition}`;
  const current = env.NODE_OPTIONS ?? '';
  return { NODE_OPTIONS: current.includes(flag) ? current : `${current} ${flag}`.trim() };
}

/**
 * A file of the package as a user can open it from `cwd`: `node_modules/brow-use/docs/plan-format.md`
 * in a project that installed brow-use, the absolute path when `cwd` is elsewhere.
 */
export function packageFile(relative: string, cwd: string): string {
  const file = path.join(kPackageRoot, relative);
  const fromCwd = path.relative(cwd, file);
  return fromCwd && !fromCwd.startsWith('..') && !path.isAbsolute(fromCwd) ? fromCwd : file;
}
