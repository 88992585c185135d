import { expect, test } from '../support/fixtures.ts';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { parseStepGroupTitle } from '../../core/conventions.ts';
import { isElementAction } from '../../core/schema/actions.ts';
import { History } from '../../core/schema/history.ts';
import { AriaLogLine, ReasoningLine } from '../../core/schema/logs.ts';
import { RunDatabase } from '../../core/schema/run.ts';
import { startDemoServer } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { findBytes, lastJson, runBu, servePages, tempDir } from './support.ts';

const execFileAsync = promisify(execFile);
const kPlaywrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** `bu capture script` end to end through the CLI: plan -> trace, aria log, reasoning, history, run entry. */

test.describe.configure({ timeout: 240_000 });

/** `playwright trace open <zip>` then `playwright trace actions` in `cwd`: what Playwright's own loader reads of a trace. */
async function playwrightTrace(cwd: string, zip: string): Promise<string> {
  const run = (args: string[]) => execFileAsync(process.execPath, [kPlaywrightCli, 'trace', ...args], { cwd });
  const opened = await run(['open', zip]);
  const actions = await run(['actions']);
  return opened.stdout + actions.stdout;
}

function jsonLines(text: string): unknown[] {
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

test('a plan (sign in with a secret, create an item, log out) is recorded like an agent run, with no secret anywhere', async () => {
  const demo = await startDemoServer({ port: 0 });
  const cwd = await tempDir('script');
  try {
    const plan = {
      version: 1,
      url: `${demo.url}login`,
      steps: [
        { input: { target: 'css=#email', text: kUser.email } },
        { input: { target: { role: 'textbox', name: 'Password' }, text: '{{secret:pw}}' } },
        { click: { target: { role: 'button', name: 'Sign in' } } },
        { click: { target: { role: 'link', name: 'New item', nth: 0 } } },
        { input: { target: { role: 'textbox', name: 'Title' }, text: 'Blue hammer' } },
        { select_dropdown: { target: { role: 'combobox', name: 'Category' }, text: 'Kitchen' } },
        { input: { target: { role: 'spinbutton', name: 'Price' }, text: '12.5' } },
        { click: { target: { role: 'button', name: 'Create item' } } },
        { extract: { query: 'Blue hammer price' } },
        // A path opens on the current site, and is recorded as the address it opened.
        { navigate: { url: '/items?q=hammer' } },
        { click: { target: { role: 'button', name: 'Log out' } } },
        { done: { text: 'created and logged out', success: true } },
      ],
    };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--secret', 'pw', '--json'], { cwd, env: { BU_SECRET_PW: kUser.password } });
    expect(run.code, run.stderr).toBe(0);
    const result = lastJson(run.stdout);
    expect(result.terminationReason).toBe('done');
    const id = String(result.sessionId);
    expect(id).toMatch(/^script-\d{13}$/);
    expect(run.stderr).toContain('step 3/12 click button "Sign in" -> ok');
    const out = path.join(cwd, 'out');

    // History: schema, one step per action, fingerprints and unique locators for element steps.
    const history = History.parse(JSON.parse(await fs.readFile(path.join(out, 'history', `${id}.json`), 'utf8')));
    expect(history.sessionId).toBe(id);
    expect(history.startUrl).toBe(plan.url);
    expect(history.secrets).toEqual(['pw']);
    expect(history.steps.map((s) => s.action)).toEqual(plan.steps.map((s) => Object.keys(s)[0]));
    expect(history.steps[1]!.params).toEqual({ text: '{{secret:pw}}' });
    for (const step of history.steps) {
      expect(step.ok, `${step.index} ${step.error}`).toBe(true);
      if (isElementAction(step.action)) {
        expect(step.fingerprint, `step ${step.index}`).not.toBeNull();
        expect(step.locator?.matches, `step ${step.index} ${step.locator?.code}`).toBe(1);
      }
      expect(step.pre.url).toMatch(/^http:\/\/127\.0\.0\.1/);
      expect(step.post.ariaHash).toMatch(/^[0-9a-f]+$/);
    }
    expect(history.steps[2]!.pre.url).toBe(`${demo.url}login`);
    expect(history.steps[2]!.post.url).toBe(demo.url);
    expect(history.steps[4]!.targetAfter?.value).toBe('Blue hammer');
    expect(history.steps[5]!.targetAfter?.selected).toEqual(['Kitchen']);
    expect(history.steps[8]!.result).toContain('$12.50');
    expect(history.steps[9]!.params).toEqual({ url: `${demo.url}items?q=hammer` });
    expect(history.steps[9]!.post.url).toBe(`${demo.url}items?q=hammer`);

    // Trace: one group per step, titled by convention, every action inside a group.
    const zip = await JSZip.loadAsync(await fs.readFile(path.join(out, 'traces', `${id}.zip`)));
    const names = Object.keys(zip.files);
    expect(names).toContain('trace.trace');
    expect(names).toContain('trace.network');
    expect(names.some((n) => n.startsWith('aria/'))).toBe(true);
    expect(names.some((n) => n.startsWith('screenshots/'))).toBe(true);
    // Each action has its own screenshots: the screencast is recorded only when asked for.
    expect(names.filter((n) => n.startsWith('screencast/'))).toEqual([]);
    // Playwright's own trace loader (the one behind show-trace) opens it, step groups and actions.
    const viewed = await playwrightTrace(cwd, path.join(out, 'traces', `${id}.zip`));
    expect(viewed).toContain('Actions:');
    expect(viewed).toContain('bu step 3: click button "Sign in"');
    expect(viewed).toContain("getByTestId('login-submit')");
    const events = jsonLines(await zip.file('trace.trace')!.async('string')) as { type: string; method?: string; title?: string; callId?: string; parentId?: string }[];
    const groups = events.filter((e) => e.type === 'before' && e.method === 'tracingGroup');
    expect(groups.map((g) => parseStepGroupTitle(g.title ?? '')?.step)).toEqual(plan.steps.map((_, i) => i + 1));
    expect(groups[2]!.title).toBe('bu step 3: click button "Sign in"');
    const groupIds = new Set(groups.map((g) => g.callId));
    const actionsInTrace = events.filter((e) => e.type === 'before' && ['fill', 'click', 'selectOption'].includes(e.method ?? ''));
    expect(actionsInTrace.length).toBe(9); // 4 inputs, 4 clicks, 1 select
    for (const action of actionsInTrace) expect(groupIds.has(action.parentId)).toBe(true);
    // One screenshot per action, taken once its step settled: the after-phase JPEG, in the zip.
    const shots = events.filter((e) => e.type === 'screenshot') as unknown as { callId: string; phase: string; file: string }[];
    expect(shots.every((shot) => shot.phase === 'after' && /^screenshots\/.+\.jpeg$/.test(shot.file) && names.includes(shot.file))).toBe(true);
    // The start address and the navigate step are the two page loads.
    const gotos = events.filter((e) => e.type === 'before' && e.method === 'goto').map((e) => e.callId);
    expect(gotos.length).toBe(2);
    expect(new Set(shots.map((shot) => shot.callId))).toEqual(new Set([...actionsInTrace.map((a) => a.callId), ...gotos]));
    expect(shots.length).toBe(actionsInTrace.length + 2);

    // Aria log and reasoning.
    const aria = jsonLines(await fs.readFile(path.join(out, 'aria-log', `${id}.jsonl`), 'utf8')).map((l) => AriaLogLine.parse(l));
    expect(aria.map((l) => l.step)).toEqual(plan.steps.map((_, i) => i + 1));
    expect(aria[0]!.snapshot).toContain('[ref=');
    const reasoning = jsonLines(await fs.readFile(path.join(out, 'reasoning', `${id}.jsonl`), 'utf8')).map((l) => ReasoningLine.parse(l));
    expect(reasoning[0]!.kind).toBe('plan');

    // Run entry.
    const runs = RunDatabase.parse(JSON.parse(await fs.readFile(path.join(cwd, '.brow-use', 'runs.json'), 'utf8')));
    const entry = runs.find((r) => r.sessionId === id)!;
    expect(entry).toMatchObject({ command: 'script', mode: 'playwright', terminationReason: 'done', steps: 12, url: plan.url });
    expect(entry.endedAt).not.toBeNull();
    expect(entry.pagesVisited).toBeGreaterThanOrEqual(4);
    expect(Object.keys(entry.artifacts).sort()).toEqual(['ariaLog', 'history', 'reasoning', 'trace']);

    // The secret appears nowhere it was typed or echoed, in no encoding (the form posts it). The login
    // page prints it as its own hint before anyone signs in: that text is the app's and stays.
    const value = kUser.password;
    const forms = [value, encodeURIComponent(value), Buffer.from(value).toString('base64'), JSON.stringify(value).slice(1, -1)];
    const hint = `${kUser.email} / ${value}`;
    expect(await findBytes([out, path.join(cwd, '.brow-use')], forms, [hint])).toEqual([]);
    expect(await fs.readFile(path.join(out, 'aria-log', `${id}.jsonl`), 'utf8')).toContain(hint);
    expect(run.stdout + run.stderr).not.toContain(value);
  } finally {
    await demo.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test('a plan step that cannot be carried out fails the capture and names the step', async () => {
  const pages = await servePages({ '/': '<h1>Home</h1><button>Start</button>' });
  const cwd = await tempDir('fail');
  try {
    const plan = { version: 1, url: pages.url, steps: [{ click: { target: { role: 'button', name: 'Start' } } }, { click: { target: 'text=Reports' } }, { done: { text: 'never' } }] };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    // With the film strip asked for (the run's trace is kept whatever happens).
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--json', '--screencast'], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('plan step 2 (click text=Reports): element not found within 5000 ms');
    const result = lastJson(run.stdout);
    expect(result.terminationReason).toBe('error');
    const runs = RunDatabase.parse(JSON.parse(await fs.readFile(path.join(cwd, '.brow-use', 'runs.json'), 'utf8')));
    expect(runs[0]).toMatchObject({ terminationReason: 'error', steps: 2 });
    expect(runs[0]!.error).toContain('plan step 2');
    const history = History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${String(result.sessionId)}.json`), 'utf8')));
    expect(history.steps.map((s) => s.ok)).toEqual([true, false]);
    const zip = await JSZip.loadAsync(await fs.readFile(path.join(cwd, 'out', 'traces', `${String(result.sessionId)}.zip`)));
    expect(Object.keys(zip.files).some((n) => n.startsWith('screencast/'))).toBe(true);
  } finally {
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test("a step whose element the page draws late starts from the page it acted on, not the one still loading when it was read", async () => {
  // A GUI that shows a placeholder title until its data arrives, then draws its toolbar.
  const page = `<!doctype html><title>(unknown device) | Sync</title><h1>Loading</h1><main></main>
  <script>setTimeout(() => { document.title = 'garden-pc | Sync'; document.querySelector('h1').textContent = 'Folders';
    document.querySelector('main').innerHTML = '<button onclick="this.textContent = \\'Added\\'">Add Folder</button>'; }, 800);</script>`;
  const pages = await servePages({ '/': page });
  const cwd = await tempDir('late');
  try {
    const plan = { version: 1, url: pages.url, steps: [{ click: { target: { role: 'button', name: 'Add Folder' } } }, { done: { text: 'added' } }] };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    const history = History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${String(lastJson(run.stdout).sessionId)}.json`), 'utf8')));
    expect(history.steps[0]!.pre).toMatchObject({ title: 'garden-pc | Sync', heading: 'Folders' });
  } finally {
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test('typing into a search box whose page answers after a debounce records the answer with the typing', async () => {
  // A combobox that lists matches 250 ms after the last key, as search boxes debounce their input handlers.
  const page = `<!doctype html><title>Plants</title><input role="combobox" aria-expanded="true" aria-controls="hits" aria-label="Search plants"><ul id="hits" role="listbox"></ul>
  <script>let timer; const plants = ['Tomato', 'Tomatillo', 'Bean'];
  document.querySelector('input').addEventListener('input', (e) => { clearTimeout(timer); timer = setTimeout(() => {
    document.querySelector('#hits').innerHTML = plants.filter((p) => p.toLowerCase().startsWith(e.target.value.toLowerCase())).map((p) => '<li role="option">' + p + '</li>').join('');
  }, 250); });</script>`;
  const pages = await servePages({ '/': page });
  const cwd = await tempDir('debounce');
  try {
    const plan = { version: 1, url: pages.url, steps: [{ input: { target: { role: 'combobox', name: 'Search plants' }, text: 'Toma' } }, { done: { text: 'searched' } }] };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    const history = History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${String(lastJson(run.stdout).sessionId)}.json`), 'utf8')));
    expect(history.steps[0]!.effect?.appeared).toEqual(expect.arrayContaining(['option "Tomato"', 'option "Tomatillo"']));
  } finally {
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test('a step records what it asked the server to change (method and path of its own origin), a step that only typed records none', async () => {
  const page = `<!doctype html><title>Settings</title><h1>Settings</h1><input aria-label="Nickname">
  <button onclick="fetch('/api/settings?x=1', { method: 'POST', body: '{}' }).then(() => { document.querySelector('p').textContent = 'Saved'; })">Save</button><p></p>`;
  const pages = await servePages({ '/': page, '/api/settings': '{}' });
  const cwd = await tempDir('sends');
  try {
    const plan = { version: 1, url: pages.url, steps: [{ input: { target: { role: 'textbox', name: 'Nickname' }, text: 'Ann' } }, { click: { target: { role: 'button', name: 'Save' } } }, { done: { text: 'saved' } }] };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    const history = History.parse(JSON.parse(await fs.readFile(path.join(cwd, 'out', 'history', `${String(lastJson(run.stdout).sessionId)}.json`), 'utf8')));
    expect(history.steps[0]!.sends).toBeUndefined();
    expect(history.steps[1]!.sends).toEqual(['POST /api/settings']);
  } finally {
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test('an unreachable start address fails with a sentence and is recorded as an error', async () => {
  const pages = await servePages({});
  const url = pages.url;
  await pages.close();
  const cwd = await tempDir('unreachable');
  try {
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify({ version: 1, steps: [{ done: { text: 'x' } }] }));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--url', url], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`could not open ${url}: net::ERR_CONNECTION_REFUSED`);
    const runs = RunDatabase.parse(JSON.parse(await fs.readFile(path.join(cwd, '.brow-use', 'runs.json'), 'utf8')));
    expect(runs[0]).toMatchObject({ terminationReason: 'error', steps: 0 });
    expect(runs[0]!.endedAt).not.toBeNull();
  } finally {
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test('bad input exits 2 before any browser starts', async () => {
  const cwd = await tempDir('usage');
  try {
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify({ version: 1, url: 'http://127.0.0.1:9/', steps: [{ input: { target: 'css=#p', text: '{{secret:pw}}' } }] }));
    const missingEnv = await runBu(['capture', 'script', '--plan', 'plan.json', '--secret', 'pw'], { cwd, env: { BU_SECRET_PW: '' } });
    expect(missingEnv.code).toBe(2);
    expect(missingEnv.stderr).toContain('BU_SECRET_PW is not set');
    const undeclared = await runBu(['capture', 'script', '--plan', 'plan.json'], { cwd });
    expect(undeclared.code).toBe(2);
    expect(undeclared.stderr).toContain('{{secret:pw}} but it is not given');
    await fs.writeFile(path.join(cwd, 'bad.json'), JSON.stringify({ version: 1, steps: [{ fly: {} }] }));
    const badPlan = await runBu(['capture', 'script', '--plan', 'bad.json', '--url', 'http://127.0.0.1:9/'], { cwd });
    expect(badPlan.code).toBe(2);
    expect(badPlan.stderr).toContain('unknown action "fly"');
    await expect(fs.access(path.join(cwd, '.brow-use', 'runs.json'))).rejects.toThrow();
  } finally {
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test('--check counts what each target matches on the live page and acts on nothing', async () => {
  const posts: string[] = [];
  const pages = await servePages({
    '/': '<form method="post" action="/"><input name="q" aria-label="Query"><button name="go" value="1">Start</button></form><a href="/a">Item</a><a href="/b">Item</a>',
    '/next': '<label>Name <input></label>',
  }, posts);
  const cwd = await tempDir('check');
  try {
    const plan = {
      version: 1,
      steps: [
        { input: { target: { role: 'textbox', name: 'Query' }, text: 'typed' } },
        { click: { target: { role: 'button', name: 'Start' } } },
        { click: { target: { role: 'link', name: 'Item' } } },
        { click: { target: 'text=Reports' } },
        { navigate: { url: `${pages.url}next` } },
        { input: { target: 'getByLabel(\'Name\')', text: 'x' } },
        { done: { text: 'checked' } },
      ],
    };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--url', pages.url, '--check'], { cwd });
    // A form that takes no secret is no sign-in: nothing is typed or clicked, and the targets after
    // a step that acts are not checked (the page is not yet the one they meet), not failed.
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('step 1 input textbox "Query": found 1\n');
    expect(run.stdout).toContain('step 2 click button "Start": found 1\n');
    expect(run.stdout).toContain('step 3 click link "Item": found 2: found here before step 2 acts: not checked');
    expect(run.stdout).toContain('step 4 click text=Reports: found 0: appears only after step 3 acts: not checked');
    expect(run.stdout).toContain('step 6 input getByLabel(\'Name\'): found 1');
    expect(run.stdout).toContain('7 step(s), 5 target(s): each it could see names what its step needs; 2 not checked (steps 3, 4: they appear only after a step the check does not perform) (nothing was acted on)');

    // On the page as it loaded, a target that matches none or several fails the check.
    await fs.writeFile(path.join(cwd, 'first.json'), JSON.stringify({ version: 1, steps: [plan.steps[2], plan.steps[3]] }));
    const first = await runBu(['capture', 'script', '--plan', 'first.json', '--url', pages.url, '--check'], { cwd });
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toContain('step 1 click link "Item": found 2: make it unique');
    expect(first.stdout).toContain('step 2 click text=Reports: found 0: appears only after step 1 acts: not checked');
    expect(posts).toEqual([]);
    await expect(fs.access(path.join(cwd, 'out', 'history'))).rejects.toThrow();

    // A count's target may match any number: two links, and none, are what the checks count.
    const counts = [{ expect_count: { target: { role: 'link', name: 'Item' }, count: 2 } }, { expect_count: { target: 'text=Reports', count: 0 } }];
    const good = { version: 1, steps: [plan.steps[0], plan.steps[1], ...counts, plan.steps[6]] };
    await fs.writeFile(path.join(cwd, 'good.json'), JSON.stringify(good));
    const ok = await runBu(['capture', 'script', '--plan', 'good.json', '--url', pages.url, '--check', '--json'], { cwd });
    expect(ok.code, ok.stderr).toBe(0);
    expect(lastJson(ok.stdout)).toMatchObject({ ok: true, steps: 5, targets: [{ step: 1, found: 1 }, { step: 2, found: 1 }, { step: 3, found: 2, counted: true }, { step: 4, found: 0, counted: true }] });

    await fs.writeFile(path.join(cwd, 'bad.json'), JSON.stringify({ version: 1, steps: [{ click: { target: '' } }] }));
    const invalid = await runBu(['capture', 'script', '--plan', 'bad.json', '--url', pages.url, '--check'], { cwd });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('bad.json: steps.0.click.target');
  } finally {
    await pages.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});
