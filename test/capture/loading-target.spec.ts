import fs from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { capturePlan, serveWith, tempDir } from './support.ts';

/**
 * A plan's target that an app shows only once it has loaded its code: a rich editor that fetches
 * its modules one after another when it is opened, past the action's 5 s, is waited for while the
 * modules keep coming and typed into once it is there. A page that only polls has loaded: a
 * target it never shows fails at the action's timeout as before.
 */

test.describe.configure({ timeout: 180_000 });

/** Modules the editor loads in turn, each answered after a pause: together well past the action's 5 s. */
const kModules = 10;
const kModuleMs = 800;

const kPage = `<!doctype html><title>Pepper</title><main><h1>Pepper</h1><button>Edit</button><p id="saved"></p></main>
<script>
document.querySelector('button').addEventListener('click', async () => {
  for (let i = 0; i < ${kModules}; i++) await (await fetch('/module?n=' + i)).text();
  const editor = document.createElement('div');
  editor.className = 'editor';
  editor.contentEditable = 'true';
  editor.setAttribute('aria-label', 'Page text');
  editor.addEventListener('input', () => { document.querySelector('#saved').textContent = 'Draft: ' + editor.textContent; });
  document.querySelector('main').append(editor);
});
</script>`;

const kPolling = `<!doctype html><title>Status</title><main><h1>Status</h1><button>Edit</button><p id="n"></p></main>
<script>setInterval(async () => { document.querySelector('#n').textContent = await (await fetch('/status')).text(); }, 400);</script>`;

test('a target the app shows after loading its modules past the action timeout is waited for and typed into', async () => {
  const app = await serveWith((req, res) => {
    if (req.url?.startsWith('/module')) {
      setTimeout(() => res.end('// module'), kModuleMs);
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(kPage);
  });
  const cwd = await tempDir('loading-target');
  try {
    const { run, history } = await capturePlan(cwd, {
      version: 1, url: app.url,
      steps: [
        { click: { target: { role: 'button', name: 'Edit' } } },
        { input: { target: 'css=.editor[contenteditable=true]', text: 'Peppers like heat.' } },
        { expect_text: { text: 'Draft: Peppers like heat.' } },
        { done: { text: 'wrote the page', success: true } },
      ],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(history!.steps.map((s) => [s.action, s.ok])).toEqual([['click', true], ['input', true], ['expect_text', true], ['done', true]]);
  } finally {
    await app.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test('a page that only polls has loaded: a target it never shows fails at the action timeout', async () => {
  const app = await serveWith((req, res) => {
    if (req.url === '/status') {
      res.end(String(Date.now()));
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(kPolling);
  });
  const cwd = await tempDir('loading-target-poll');
  try {
    const started = Date.now();
    const { run } = await capturePlan(cwd, {
      version: 1, url: app.url,
      steps: [{ click: { target: { role: 'button', name: 'Edit' } } }, { click: { target: 'css=.editor' } }, { done: { text: 'never', success: true } }],
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('plan step 2 (click css=.editor): element not found within 5000 ms');
    // Well short of the 30 s a loading app may take.
    expect(Date.now() - started).toBeLessThan(25_000);
  } finally {
    await app.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});
