import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { Project as TsProject, ProjectOptions, ts as Ts } from 'ts-morph';
import { Project, ts } from '../generate/ts-morph.ts';

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

/**
 * Read as JavaScript too, and never written out: heal only reads the code and prints a patch. It
 * asks the checker what a name holds (a page or a locator, a page object's class, a constant's
 * literal), never for a diagnostic, so the declarations no such answer needs are not read: the
 * DOM's (~2 MB), every `@types` package (Node's, ~2 MB), Node's built-in modules, and what a
 * package's declarations import from other packages (Playwright's `zod`, for its MCP tools) or
 * from Playwright's CDP protocol file (~1 MB). On SVG-Edit's suite the program fell from 4.8 to
 * 2.0 MB of text.
 */
const kHealOptions: Ts.CompilerOptions = { allowJs: true, checkJs: false, noEmit: true, lib: ['lib.es2023.d.ts'], types: [] };

const kBuiltins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Packages whose declarations are followed from another package's: Playwright's own, which its test API re-exports. */
const kFollowedPackages = /^(@playwright\/|playwright(-core)?($|\/))/;

/** Whether heal's program reads the module `name` imported by `from`. */
export function followsImport(name: string, from: string): boolean {
  if (kBuiltins.has(name)) return false;
  if (!/[\\/]node_modules[\\/]/.test(from)) return true;
  if (name.startsWith('.')) return !(/[\\/]playwright-core[\\/]/.test(from) && /(^|\/)protocol(\.d\.ts)?$/.test(name));
  return kFollowedPackages.test(name);
}

/** Module resolution as the suite's own, but for the imports heal does not follow (`followsImport`). */
const resolutionHost: ProjectOptions['resolutionHost'] = (host, options) => ({
  resolveModuleNames: (names, containingFile) => names.map((name) => (followsImport(name, containingFile) ? ts.resolveModuleName(name, containingFile, options(), host).resolvedModule : undefined)),
});

/** A project for the suite whose file is `file`: its tsconfig's options, else TypeScript's defaults. */
export function suiteProject(file: string): TsProject {
  const tsconfig = nearestTsconfig(path.dirname(file));
  if (tsconfig) {
    try {
      return new Project({ tsConfigFilePath: tsconfig, skipAddingFilesFromTsConfig: true, compilerOptions: kHealOptions, resolutionHost });
    } catch {
      // A tsconfig TypeScript cannot read (an `extends` of a package not installed): read as if there were none.
    }
  }
  return new Project({ compilerOptions: kHealOptions, skipAddingFilesFromTsConfig: true, resolutionHost });
}
