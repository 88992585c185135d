import { expect, test } from '../support/fixtures.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { outputPaths } from '../../core/paths.ts';
import { RunsDb } from '../../core/runs-db.ts';
import { History } from '../../core/schema/history.ts';
import { ReasoningLine } from '../../core/schema/logs.ts';
import { Plan } from '../../core/schema/plan.ts';
import { ActionRecord, StepRecord } from '../../core/schema/extract.ts';
import { ScriptPolicy } from '../../capture/policies/script.ts';
import { Secrets } from '../../capture/record/secrets.ts';
import { runCapture, type CaptureEnv } from '../../capture/run-capture.ts';
import { extractTrace } from '../../extract/extract.ts';
import { servePages, tempDir } from './support.ts';

/** Tabs and dialogs through the whole capture (session, loop, actions, recording), in process. */

test.describe.configure({ timeout: 180_000 });
// The capture starts its own tracing: the runner does not trace this file (playwright.config.ts, kOwnTracing).

const kHome = `<title>Home</title><h1>Home</h1>
<button onclick="window.open('/popup')">Open popup</button>
<button onclick="document.querySelector('#answer').textContent = 'confirmed: ' + confirm('Really?') + ', ' + prompt('Name?', 'Ann')">Ask</button>
<button onclick="alert('Saved!')">Alert</button>
<p id="answer">not asked</p>`;
const kPopup = `<title>Popup</title><h1>Popup</h1><button onclick="document.querySelector('h1').textContent='Popup clicked'">Popup button</button>`;

function env(cwd: string, log: string[]): CaptureEnv {
  const paths = outputPaths(path.join(cwd, 'out'));
  return { paths, runs: new RunsDb(paths.runsDb), cwd, env: process.env, signal: new AbortController().signal, log: (m) => log.push(m) };
}

test('a popup becomes the active tab; dialogs are accepted and logged as observations', async () => {
  const pages = await servePages({ '/': kHome, '/popup': kPopup });
  const cwd = await tempDir('session');
  const log: string[] = [];
  try {
    const plan = Plan.parse({
      version: 1,
      steps: [
        { click: { target: { role: 'button', name: 'Open popup' } } },
        { click: { target: { role: 'button', name: 'Popup button' } } },
        { extract: { query: 'popup clicked' } },
        { switch: { tab: 0 } },
        { click: { target: { role: 'button', name: 'Ask' } } },
        { click: { target: { role: 'button', name: 'Alert' } } },
        { extract: { query: 'confirmed' } },
        { close: { tab: 1 } },
        { done: { text: 'ok' } },
      ],
    });
    const result = await runCapture({
      ctx: env(cwd, log), command: 'script', url: pages.url, policy: new ScriptPolicy(plan),
      settings: { headed: false, allowDomains: [], secrets: new Secrets({ secrets: {} }), maxSteps: 20 },
    });
    expect(result.terminationReason, `${log.join('\n')}\n${result.error}`).toBe('done');
    const history = History.parse(JSON.parse(await fs.readFile(result.artifacts.history!, 'utf8')));
    const [open, inPopup, readPopup, back, ask, alert, readAnswer, close] = history.steps;
    expect(open!.post).toMatchObject({ tab: 1, tabCount: 2, title: 'Popup' });
    expect(inPopup!.pre.url).toBe(`${pages.url}popup`);
    expect(readPopup!.result).toContain('Popup clicked');
    expect(back!.post).toMatchObject({ tab: 0, tabCount: 2, title: 'Home' });
    expect(ask!.ok && alert!.ok).toBe(true);
    expect(readAnswer!.result).toContain('confirmed: true, Ann');
    expect(close!.post).toMatchObject({ tab: 0, tabCount: 1 });
    const reasoning = (await fs.readFile(result.artifacts.reasoning!, 'utf8')).trim().split('\n').map((l) => ReasoningLine.parse(JSON.parse(l)));
    const observations = reasoning.filter((l) => l.kind === 'observation').map((l) => l.text);
    expect(observations).toContainEqual(expect.stringContaining('a new tab 1 opened'));
    expect(observations).toContainEqual(expect.stringContaining('a confirm dialog "Really?" was accepted'));
    expect(observations).toContainEqual(expect.stringContaining('a prompt dialog "Name?" was accepted'));
    expect(observations).toContainEqual(expect.stringContaining('a alert dialog "Saved!" was accepted'));

    // Extracted, every step that touched a page has a picture of it. Those that act on it have
    // their own, taken once the step settled; reading a page (extract), bringing a tab to the
    // front and closing one draw nothing new (the trace has no screencast): theirs is the latest
    // of their page.
    const extracted = await extractTrace(result.sessionId, { paths: outputPaths(path.join(cwd, 'out')), cwd });
    const lines = async (name: string) => (await fs.readFile(path.join(extracted.dir, name), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as unknown);
    const steps = (await lines('steps.jsonl')).map((l) => StepRecord.parse(l));
    const actions = (await lines('actions.jsonl')).map((l) => ActionRecord.parse(l));
    const shotOf = (step: StepRecord) => actions.find((a) => a.screenshot === step.screenshot);
    expect(steps.map((s) => s.screenshot !== null)).toEqual([true, true, true, true, true, true, true, true, false]);
    expect(shotOf(steps[3]!)).toMatchObject({ apiName: 'page.bringToFront', screenshotSource: 'earlier-action' });
    expect(shotOf(steps[7]!)).toMatchObject({ apiName: 'page.close', screenshotSource: 'earlier-action' });
    expect(steps.slice(0, 7).map((s) => shotOf(s)!.screenshotSource)).toEqual(['action-after', 'action-after', 'earlier-action', 'earlier-action', 'action-after', 'action-after', 'earlier-action']);
  } finally {
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});
