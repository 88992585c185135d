import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { outputPaths } from '../core/paths.ts';
import { kHistoryVersion, type History, type HistoryStep, type PageState } from '../core/schema/history.ts';
import { generate } from '../generate/generate.ts';
import { parseAriaText } from '../generate/model/snapshot.ts';
import { fp } from '../harness/generate/fixtures.ts';
import { writeRun } from '../harness/generate/on-disk.ts';

/**
 * P6: `bu generate` without a model on a synthesized extracted run of 50 pages (a form and a
 * link to the next page on each), from reading the extract dir to writing every file.
 */

const kPages = 50;
const kGoalSeconds = 5;
const kOrigin = 'http://127.0.0.1:4200';
const kSessionId = 'script-1700000000050';

function pageState(i: number): PageState {
  return { url: `${kOrigin}/section-${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26) ? 'x' : ''}`, title: `Section ${i} · Bench`, ariaHash: 'h', heading: `Section ${i}`, tab: 0, tabCount: 1 };
}

function snapshot(i: number): string {
  return [
    '- banner:', '  - navigation "Main":', '    - link "Home"', '- main:', `  - heading "Section ${i}" [level=1]`,
    '  - textbox "Name"', '  - textbox "Email"', '  - combobox "Country"', '  - checkbox "Subscribe"', '  - button "Save"', '  - link "Next"',
    ...Array.from({ length: 30 }, (_, k) => `  - link "Related ${k}"`),
  ].join('\n');
}

function steps(): HistoryStep[] {
  const out: HistoryStep[] = [];
  const base = { locator: null, targetAfter: null, durationMs: 5, ok: true, error: null, result: null };
  for (let i = 0; i < kPages; i++) {
    const here = pageState(i);
    const push = (step: Pick<HistoryStep, 'action' | 'params' | 'fingerprint' | 'pre' | 'post'>) => out.push({ ...base, index: out.length, ...step } as HistoryStep);
    push({ action: 'input', params: { text: `Name ${i}` }, fingerprint: fp({ role: 'textbox', name: 'Name', tag: 'input' }), pre: here, post: here });
    push({ action: 'input', params: { text: `ann${i}@example.com` }, fingerprint: fp({ role: 'textbox', name: 'Email', tag: 'input' }), pre: here, post: here });
    push({ action: 'select_dropdown', params: { text: 'Norway' }, fingerprint: fp({ role: 'combobox', name: 'Country', tag: 'select' }), pre: here, post: here });
    push({ action: 'click', params: {}, fingerprint: fp({ role: 'checkbox', name: 'Subscribe', tag: 'input', type: 'checkbox' }), pre: here, post: here });
    push({ action: 'click', params: {}, fingerprint: fp({ role: 'button', name: 'Save' }), pre: here, post: here });
    if (i + 1 < kPages) push({ action: 'click', params: {}, fingerprint: fp({ role: 'link', name: 'Next', tag: 'a' }), pre: here, post: pageState(i + 1) });
  }
  return out;
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-bench-generate-'));
  try {
    const paths = outputPaths(path.join(root, 'output'));
    const history: History = {
      version: kHistoryVersion, sessionId: kSessionId, startUrl: pageState(0).url, recordedAt: '2025-01-01T00:00:00.000Z', viewport: null,
      secrets: [], variables: {}, steps: steps(),
    };
    writeRun(paths, {
      sessionId: kSessionId, historyPath: null, history,
      snapshots: Array.from({ length: kPages }, (_, i) => ({ url: pageState(i).url, title: pageState(i).title, nodes: parseAriaText(snapshot(i)) })),
    });
    const started = performance.now();
    const result = await generate({ sessions: [kSessionId], outDir: path.join(root, 'out'), paths, cwd: root, env: {}, llm: 'off', log: () => undefined });
    const seconds = (performance.now() - started) / 1000;
    if (result.pages !== kPages) throw new Error(`expected ${kPages} pages, the model has ${result.pages}`);
    process.stdout.write(`P6 generate (no LLM) for a ${kPages}-page run = ${seconds.toFixed(2)} s (goal <= ${kGoalSeconds} s)\n`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
