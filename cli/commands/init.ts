import fs from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../../core/errors.ts';
import { configText, gitignoreLines, kConfigFile, kDefaultInit, playwrightConfigText, type InitOptions } from '../init-files.ts';
import type { CommandDef } from '../command.ts';

/**
 * `bu init [dir]`: sets up brow-use in an existing project. Writes only files that are absent
 * (never one a user has, edited or not), so running it again changes nothing.
 */

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

/** Adds the missing ignore lines to an existing .gitignore; a project without one is left alone. */
async function extendGitignore(dir: string, lines: string[]): Promise<string[]> {
  const file = path.join(dir, '.gitignore');
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return [];
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  const missing = lines.filter((line) => !present.has(line) && !present.has(line.replace(/^\//, '')));
  if (!missing.length) return [];
  await fs.appendFile(file, `${text.endsWith('\n') || !text ? '' : '\n'}# brow-use: outputs (traces hold typed values) and run state\n${missing.join('\n')}\n`);
  return missing;
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

export const initCommand: CommandDef = {
  name: 'init',
  summary: 'set up brow-use in a project: brow-use.config.ts and a folder for generated tests with its Playwright config',
  args: ['[dir]'],
  options: [
    { flags: '--base-url <url>', description: `the app under test (default ${kDefaultInit.baseURL})` },
    { flags: '--generated-dir <dir>', description: `folder for generated tests (default ${kDefaultInit.generatedDir})` },
    { flags: '--output-dir <dir>', description: `folder for traces and extracts (default ${kDefaultInit.outputDir})` },
  ],
  json: true,
  async run(ctx, [dir], options) {
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
    const files = [
      { file: kConfigFile, text: configText(settings) },
      { file: path.join(settings.generatedDir, 'playwright.config.ts'), text: playwrightConfigText(settings) },
    ];
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
    const g = settings.generatedDir;
    ctx.print([
      '',
      'next:',
      `  npx bu doctor                                  # which Chromium runs, where outputs go`,
      `  npx bu capture explore                         # explore ${kConfigFile}'s baseURL with the crawler`,
      `  npx bu capture script --plan plan.json         # or carry out a written plan (README "Plan files")`,
      `  npx bu extract <session>                       # session ids: npx bu runs list`,
      `  npx bu generate <session>                      # page objects, workflows and specs in ${g}/`,
      `  npx playwright test -c ${g}                     # run the generated specs`,
    ].join('\n'));
    ctx.result({ dir: root, created, kept, gitignore: ignored });
    return 0;
  },
};
