import fs from 'node:fs';
import path from 'node:path';
import type { Project as TsProject } from 'ts-morph';
import { Project } from '../generate/ts-morph.ts';

/**
 * The ts-morph project heal reads a suite's code in: with the compiler options of the suite's own
 * `tsconfig.json` (the nearest one above its test file), so its `paths` (`@pages/account`), its
 * `baseUrl` and its module resolution are followed as the suite's own build follows them. Only the
 * files the failing calls reach are added, never the whole `include`.
 */

/** The nearest `tsconfig.json` in `dir` or a folder above it; null when none is. */
export function nearestTsconfig(dir: string): string | null {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const candidate = path.join(at, 'tsconfig.json');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(at) === at) return null;
  }
}

/** Read as JavaScript too, and never written out: heal only reads the code and prints a patch. */
const kHealOptions = { allowJs: true, checkJs: false, noEmit: true };

/** A project for the suite whose file is `file`: its tsconfig's options, else TypeScript's defaults. */
export function suiteProject(file: string): TsProject {
  const tsconfig = nearestTsconfig(path.dirname(file));
  if (tsconfig) {
    try {
      return new Project({ tsConfigFilePath: tsconfig, skipAddingFilesFromTsConfig: true, compilerOptions: kHealOptions });
    } catch {
      // A tsconfig TypeScript cannot read (an `extends` of a package not installed): read as if there were none.
    }
  }
  return new Project({ compilerOptions: kHealOptions, skipAddingFilesFromTsConfig: true });
}
