import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright';
import { expect, test } from '../support/fixtures.ts';
import { outputPaths } from '../../core/paths.ts';
import { runLoop } from '../../capture/loop.ts';
import { Recorder } from '../../capture/record/recorder.ts';
import { Secrets } from '../../capture/record/secrets.ts';
import type { Session } from '../../capture/session.ts';
import type { ActionCall, Decision, Observation, Policy } from '../../capture/types.ts';
import { servePages, tempDir } from './support.ts';

/**
 * Within a turn, an action's post state is the next action's pre state: the page is read once
 * between them. What the policy sees and what the history records are the page as it is after
 * each step.
 */

const kPage = `<h1>Form</h1>
<label>Name <input id="name"></label>
<label>City <input id="city"></label>
<button onclick="document.querySelector('h1').textContent = 'Saved ' + document.querySelector('#name').value">Save</button>`;

/** Counts the ai-mode aria snapshots taken of `page`. */
function countSnapshots(page: Page): () => number {
  let count = 0;
  const original = page.ariaSnapshot.bind(page);
  page.ariaSnapshot = (options) => {
    if (options?.mode === 'ai') count++;
    return original(options);
  };
  return () => count;
}

/** Runs the capture loop on the session's page with `policy`, recording into `dir`, and returns how it ended. */
async function runRecorded(session: Session, policy: Policy, options: { dir: string; url: string; sessionId: string; maxSteps: number }) {
  const secrets = Secrets.fromEnv([], {});
  const recorder = new Recorder({ paths: outputPaths(path.join(options.dir, 'out')), sessionId: options.sessionId, startUrl: options.url, viewport: null, secrets });
  await recorder.start();
  const result = await runLoop({
    session, policy, recorder, maxSteps: options.maxSteps, signal: new AbortController().signal, secrets, filesDir: path.join(options.dir, 'files'), cwd: options.dir, timeoutMs: 5_000,
  });
  await recorder.flush();
  return result;
}

test('a turn of two fields and a turn of one click read the page eight times, and every look shows the page as it is', async ({ session }) => {
  const pages = await servePages({ '/': kPage });
  const dir = await tempDir('page-reads');
  try {
    const page = session.currentPageOrDie();
    await page.goto(pages.url);
    const snapshots = countSnapshots(page);
    const seen: Observation[] = [];
    const index = (observation: Observation, name: string) => observation.elements.find((e) => e.name === name)!.index;
    const turns: ((o: Observation) => ActionCall[])[] = [
      (o) => [
        { action: 'input', index: index(o, 'Name'), params: { text: 'Ann' } },
        { action: 'input', index: index(o, 'City'), params: { text: 'Oslo' } },
      ],
      (o) => [{ action: 'click', index: index(o, 'Save'), params: {} }],
    ];
    const policy: Policy = {
      name: 'test',
      async decide(observation): Promise<Decision> {
        seen.push(observation);
        const next = turns.shift();
        return next ? { kind: 'act', actions: next(observation) } : { kind: 'stop', reason: 'done', text: 'done' };
      },
    };
    const result = await runRecorded(session, policy, { dir, url: pages.url, sessionId: 'script-1700000000000', maxSteps: 5 });
    expect(result.terminationReason).toBe('done');
    // Three looks, each turn's first pre state (the policy decided since the look) and three post
    // states; the second field's pre state is the first field's post state (was 9: one more pre).
    expect(snapshots()).toBe(8);
    const history = JSON.parse(await fs.readFile(path.join(dir, 'out', 'history', 'script-1700000000000.json'), 'utf8')) as { steps: { pre: { ariaHash: string; heading: string }; post: { ariaHash: string; heading: string } }[] };
    expect(history.steps).toHaveLength(3);
    expect(history.steps[1]!.pre).toEqual(history.steps[0]!.post);
    expect(history.steps[2]!.post.heading).toBe('Saved Ann');
    // Each look after a step shows what the step did.
    expect(seen[1]!.ariaSnapshot).toMatch(/textbox "City".*: Oslo/);
    expect(seen[2]!.ariaSnapshot).toContain('heading "Saved Ann"');
    expect(seen[2]!.stateHash).toBe(history.steps[2]!.post.ariaHash);
  } finally {
    await pages.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

/** A list that slides shut over 300 ms in script steps (as jQuery's slideUp does) and is then removed. */
const kSliding = `<h1>Tree</h1>
<button onclick="const list = document.querySelector('ul'); let h = 60; const t = setInterval(() => { h -= 4; list.style.height = h + 'px'; if (h <= 0) { clearInterval(t); list.remove(); } }, 20)">Collapse</button>
<ul style="height:60px;overflow:hidden"><li><a href="#install">install</a></li></ul>`;

test('a step is read once the page stands still: a list sliding shut after a click is gone from its post state and from the next look', async ({ session }) => {
  const pages = await servePages({ '/': kSliding });
  const dir = await tempDir('page-reads-sliding');
  try {
    const page = session.currentPageOrDie();
    await page.goto(pages.url);
    const seen: Observation[] = [];
    let acted = false;
    const policy: Policy = {
      name: 'test',
      async decide(observation): Promise<Decision> {
        seen.push(observation);
        if (acted) return { kind: 'stop', reason: 'done', text: 'done' };
        acted = true;
        return { kind: 'act', actions: [{ action: 'click', index: observation.elements.find((e) => e.name === 'Collapse')!.index, params: {} }] };
      },
    };
    const result = await runRecorded(session, policy, { dir, url: pages.url, sessionId: 'script-1700000000001', maxSteps: 2 });
    expect(result.terminationReason).toBe('done');
    expect(seen[0]!.ariaSnapshot).toContain('link "install"');
    expect(seen[1]!.ariaSnapshot).not.toContain('link "install"');
  } finally {
    await pages.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
