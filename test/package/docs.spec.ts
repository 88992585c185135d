import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../support/fixtures.ts';
import { z } from 'zod';
import { loadAllCommands } from '../../cli/command-table.ts';
import type { AnyCommandDef } from '../../commands/command.ts';
import { inputFields } from '../../commands/field-meta.ts';
import { ActionName } from '../../core/schema/actions.ts';
import { Plan } from '../../core/schema/plan.ts';
import { kRepoRoot } from '../../harness/cli.ts';

/**
 * The docs a user has are the ones in the package: every link of README and of the shipped docs,
 * and every file `--help` names, is a file `npm pack` ships, at the path the link gives from where
 * the linking file lies in node_modules/brow-use.
 */

const PackDryRun = z.array(z.object({ files: z.array(z.object({ path: z.string() })) })).length(1);

let shipped: Set<string>;

// In one worker: every test reads the pack's file list, which beforeAll in a second worker would pack again.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: kRepoRoot, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  shipped = new Set(PackDryRun.parse(JSON.parse(stdout.slice(stdout.indexOf('['))))[0]!.files.map((file) => file.path));
});

/** Relative link targets of a Markdown file (no URLs, no in-page anchors), anchors dropped. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((href) => !/^[a-z]+:/i.test(href) && !href.startsWith('#')).map((href) => href.split('#')[0]!);
}

test('every link of README and of the shipped docs points to a shipped file', () => {
  const docs = [...shipped].filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));
  expect(docs).toEqual(expect.arrayContaining(['README.md', 'docs/plan-format.md', 'docs/history-format.md', 'docs/extract-format.md']));
  let links = 0;
  for (const doc of docs) {
    for (const href of relativeLinks(fs.readFileSync(path.join(kRepoRoot, doc), 'utf8'))) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(doc), href));
      expect(shipped.has(target) || [...shipped].some((file) => file.startsWith(`${target.replace(/\/$/, '')}/`)), `${doc} links to ${href}`).toBe(true);
      links++;
    }
  }
  expect(links).toBeGreaterThan(5);
});

function helpTexts(def: AnyCommandDef, prefix: string): string[] {
  const own = [def.summary, ...inputFields(def.input).map((field) => `${field.spelling} ${field.meta.description}`)].map((text) => `${prefix}${def.name}: ${text}`);
  return [...own, ...(def.subcommands ?? []).flatMap((sub) => helpTexts(sub, `${prefix}${def.name} `))];
}

test('the files --help names are in the package', async () => {
  const texts = (await loadAllCommands()).flatMap((def) => helpTexts(def, ''));
  const named = texts.flatMap((text) => [...text.matchAll(/\b((?:docs|core\/schema)\/[\w.-]+\.(?:md|json)|README\.md)\b/g)].map((match) => ({ text, file: match[1]! })));
  expect(named.map((entry) => entry.file)).toEqual(expect.arrayContaining(['docs/plan-format.md', 'core/schema/plan.schema.json', 'README.md']));
  for (const { text, file } of named) expect(shipped.has(file), text).toBe(true);
  expect(texts.join('\n')).not.toContain('SPEC');
});

test('docs/plan-format.md shows every action with an example that parses as a plan step', () => {
  const text = fs.readFileSync(path.join(kRepoRoot, 'docs', 'plan-format.md'), 'utf8');
  for (const action of ActionName.options) {
    const section = new RegExp(`^### ${action}\\b[^\\n]*\\n[^\\n]+\\n\`\`\`json\\n(.+)\\n\`\`\``, 'm').exec(text);
    expect(section, `a section for ${action}`).not.toBeNull();
    const plan = Plan.parse({ version: 1, steps: [JSON.parse(section![1]!)] });
    expect(plan.steps[0]!.action).toBe(action);
  }
});
