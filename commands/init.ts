import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { UsageError } from '../core/errors.ts';
import { generatedTsconfigText } from '../core/generated-tsconfig.ts';
import { packageFile } from '../core/package.ts';
import {
  configText, examplePlanText, gitignoreLines, kConfigFile, kDefaultInit, kExamplePlan, kProjectDevDependencies, playwrightConfigText, type InitOptions,
} from './init-files.ts';
import { z } from 'zod';
import { defineCommand } from './command.ts';
import { cliField } from './field-meta.ts';

/**
 * `bu init [dir]`: sets up brow-use in an existing project. Writes only files that are absent
 * (never one a user has, edited or not) and adds only missing .gitignore lines, so running it
 * again changes nothing.
 */

const kGitignoreHeader = '# brow-use: outputs (traces hold typed values) and run state';

/** Creates `file` with `text` unless it exists; the text appears whole or not at all. */
async function createOnly(file: string, text: string): Promise<boolean> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temp, text);
  try {
    await fs.link(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** Adds the missing ignore lines to .gitignore, creating it when the project has none. */
async function extendGitignore(dir: string, lines: string[]): Promise<string[]> {
  const file = path.join(dir, '.gitignore');
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return (await createOnly(file, `${kGitignoreHeader}\n${lines.join('\n')}\n`)) ? lines : extendGitignore(dir, lines);
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  const missing = lines.filter((line) => !present.has(line) && !present.has(line.replace(/^\//, '')));
  if (!missing.length) return [];
  await fs.appendFile(file, `${text.endsWith('\n') || !text ? '' : '\n'}${kGitignoreHeader}\n${missing.join('\n')}\n`);
  return missing;
}

/** The packages of `names` the project at `dir` cannot resolve. */
function missingPackages(dir: string, names: string[]): string[] {
  const require = createRequire(path.join(dir, 'package.json'));
  return names.filter((name) => {
    try {
      require.resolve(`${name}/package.json`);
      return false;
    } catch {
      return true;
    }
  });
}

/** How to `cd` into the project from `cwd`: relative when it is below, else absolute. */
function projectPath(cwd: string, root: string): string {
  const relative = path.relative(cwd, root);
  return relative.startsWith('..') || path.isAbsolute(relative) ? root : relative;
}

function checkUrl(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(String(value));
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new UsageError(`--base-url ${String(value)} is not an http(s) URL`, 'e.g. --base-url http://localhost:3000/');
}

function checkDir(value: unknown, flag: string): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!text || path.isAbsolute(text) || text.split(/[\\/]/).includes('..')) throw new UsageError(`${flag} ${text}: expected a folder inside the project, e.g. e2e`);
  return text;
}

export const InitInput = z.object({
  dir: z.string().optional().register(cliField, { description: 'the project folder (default: the current one)', positional: true }),
  baseUrl: z.string().optional().register(cliField, { description: `the app under test (default ${kDefaultInit.baseURL})`, value: 'url' }),
  generatedDir: z.string().optional().register(cliField, { description: `folder for generated tests (default ${kDefaultInit.generatedDir})`, value: 'dir' }),
  outputDir: z.string().optional().register(cliField, { description: `folder for traces and extracts (default ${kDefaultInit.outputDir})`, value: 'dir' }),
});

export const InitResult = z.object({
  dir: z.string(),
  created: z.array(z.string()),
  kept: z.array(z.string()),
  gitignore: z.array(z.string()),
  missingDevDependencies: z.array(z.string()),
});

export const initCommand = defineCommand({
  name: 'init',
  summary: 'set up brow-use in a project: brow-use.config.ts, a folder for generated tests with its Playwright config, a first plan, .gitignore lines',
  input: InitInput,
  result: InitResult,
  async run(ctx, { dir, ...options }) {
    const root = path.resolve(ctx.cwd, dir ?? '.');
    const stat = await fs.stat(root).catch(() => null);
    if (stat && !stat.isDirectory()) throw new UsageError(`${root} is not a folder`, 'pass the project folder (default: the current one)');
    // A config already there (its folders included) is what a second run builds on: flags > it > defaults.
    const existing = ctx.config && ctx.config.dir === root ? ctx.config.config : {};
    const settings: InitOptions = {
      baseURL: checkUrl(options.baseUrl) ?? existing.baseURL ?? kDefaultInit.baseURL,
      generatedDir: checkDir(options.generatedDir, '--generated-dir') ?? existing.generatedDir ?? kDefaultInit.generatedDir,
      outputDir: checkDir(options.outputDir, '--output-dir') ?? existing.outputDir ?? kDefaultInit.outputDir,
    };
    const g = settings.generatedDir;
    const files = [
      { file: kConfigFile, text: configText(settings) },
      { file: path.join(g, 'playwright.config.ts'), text: playwrightConfigText(settings) },
      { file: kExamplePlan, text: examplePlanText() },
    ];
    // A project with a tsconfig of its own decides how its TypeScript is checked.
    const ownTsconfig = await fs.stat(path.join(root, 'tsconfig.json')).then(() => true, () => false);
    if (!ownTsconfig) files.push({ file: path.join(g, 'tsconfig.json'), text: generatedTsconfigText() });
    const created: string[] = [];
    const kept: string[] = [];
    for (const { file, text } of files) {
      if (await createOnly(path.join(root, file), text)) created.push(file);
      else kept.push(file);
    }
    const ignored = await extendGitignore(root, gitignoreLines(settings));
    for (const file of created) ctx.print(`created ${file}`);
    for (const file of kept) ctx.print(`kept ${file} (it exists; brow-use never overwrites it)`);
    if (ignored.length) ctx.print(`added to .gitignore: ${ignored.join(' ')}`);
    if (!created.length && !ignored.length) ctx.print('nothing to do: brow-use is set up here');
    const missing = missingPackages(root, kProjectDevDependencies);
    const steps: [string, string][] = [
      ...(root === path.resolve(ctx.cwd) ? [] : [[`cd ${projectPath(ctx.cwd, root)}`, 'the project'] as [string, string]]),
      ...(missing.length ? [[`npm install --save-dev ${missing.join(' ')}`, 'the generated specs are TypeScript run by Playwright Test'] as [string, string]] : []),
      ['npx bu doctor', 'which Chromium runs, where outputs go'],
      [`npx bu capture script --plan ${kExamplePlan} --check`, "finds the plan's targets on the page, acting on nothing"],
      [`npx bu capture script --plan ${kExamplePlan}`, 'records the plan and prints its session id'],
      ['npx bu extract --all', 'every recorded run, ready for generate'],
      ['npx bu generate SESSION_ID', `the id capture printed (or see npx bu runs list): specs in ${g}/`],
      [`npx playwright test -c ${g}`, 'runs the generated specs'],
    ];
    const width = Math.max(...steps.map(([command]) => command.length)) + 2;
    ctx.print([
      '',
      `next, with the app running at ${settings.baseURL}:`,
      ...steps.map(([command, why]) => `  ${command.padEnd(width)}# ${why}`),
      `then write your own steps in ${kExamplePlan}: every action, with an example, is in ${packageFile('docs/plan-format.md', root)}`,
    ].join('\n'));
    return { code: 0, result: { dir: root, created, kept, gitignore: ignored, missingDevDependencies: missing } };
  },
});
