import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeIssues, errorMessage, UsageError } from '../errors.ts';
import { BrowUseConfig } from '../schema/config.ts';

/**
 * Finds and reads `brow-use.config.ts` (or .mts/.js/.mjs): from the working folder up to the
 * nearest package.json. TypeScript is compiled with esbuild, as Playwright does for its config;
 * `brow-use` imports resolve to a stand-in `defineConfig`, so reading the file never loads the
 * package (or needs it installed where the file is); other imports are the project's own.
 */

export const kConfigNames = ['brow-use.config.ts', 'brow-use.config.mts', 'brow-use.config.js', 'brow-use.config.mjs'];

export interface LoadedConfig {
  file: string;
  /** The folder of the file: relative paths in it start here. */
  dir: string;
  config: BrowUseConfig;
}

export function findConfigFile(cwd: string): string | null {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    for (const name of kConfigNames) {
      const file = path.join(dir, name);
      if (fs.existsSync(file)) return file;
    }
    if (fs.existsSync(path.join(dir, 'package.json')) || path.dirname(dir) === dir) return null;
  }
}

const kStandIn = 'export function defineConfig(config) { return config; }\n';

async function compile(file: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    // The file's text rather than its path: esbuild's service outlives one build in a process that
    // runs many commands (`bu mcp`, the library API), and it failed to resolve a config file in a
    // folder made after its first build ("Could not resolve"). Imports resolve from its folder.
    stdin: { contents: fs.readFileSync(file, 'utf8'), sourcefile: file, resolveDir: path.dirname(file), loader: path.extname(file).endsWith('ts') ? 'ts' : 'js' },
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [{
      name: 'brow-use-stand-in',
      setup(b) {
        b.onResolve({ filter: /^brow-use(\/.*)?$/ }, (args) => ({ path: args.path, namespace: 'brow-use-stand-in' }));
        b.onLoad({ filter: /.*/, namespace: 'brow-use-stand-in' }, () => ({ contents: kStandIn, loader: 'js' }));
      },
    }],
  });
  return result.outputFiles[0]!.text;
}

/** What went wrong first: esbuild's first message with its line and column, else the error's first line. */
function firstError(err: unknown): string {
  const first = (err as { errors?: { text: string; location: { line: number; column: number } | null }[] }).errors?.[0];
  if (first) return first.location ? `${first.text}, line ${first.location.line}:${first.location.column + 1}` : first.text;
  return errorMessage(err).split('\n')[0]!;
}

/** Reads the config file of `cwd`'s project; null when there is none. A broken file is a usage error naming it. */
export async function loadConfig(cwd: string): Promise<LoadedConfig | null> {
  const file = findConfigFile(cwd);
  if (!file) return null;
  let value: unknown;
  // Written beside the file so its own relative and package imports resolve as they would for it.
  const compiled = path.join(path.dirname(file), `.brow-use.config.${process.pid}-${Date.now()}.mjs`);
  try {
    fs.writeFileSync(compiled, await compile(file));
    const module = (await import(pathToFileURL(compiled).href)) as { default?: unknown };
    value = module.default;
  } catch (err) {
    throw new UsageError(`${file}: cannot be loaded (${firstError(err)})`, 'fix the file, or see `bu init` for a working one');
  } finally {
    fs.rmSync(compiled, { force: true });
  }
  const parsed = BrowUseConfig.safeParse(value);
  if (!parsed.success) throw new UsageError(`${file}: ${describeIssues(parsed.error)}`, 'the default export is defineConfig({ baseURL, outputDir, generatedDir, allowDomains, secrets, model })');
  return { file, dir: path.dirname(file), config: parsed.data };
}

/**
 * The environment with the file's settings that have an environment variable filled in where
 * that variable is unset (environment beats file): BU_OUTPUT, BU_MODEL.
 */
export function withConfigEnv(env: NodeJS.ProcessEnv, loaded: LoadedConfig | null): NodeJS.ProcessEnv {
  if (!loaded) return env;
  const { config, dir } = loaded;
  const defaults: NodeJS.ProcessEnv = {};
  if (config.outputDir) defaults.BU_OUTPUT = path.resolve(dir, config.outputDir);
  if (config.model) defaults.BU_MODEL = config.model;
  const merged = { ...env };
  for (const [key, value] of Object.entries(defaults)) if (!merged[key]) merged[key] = value;
  return merged;
}
