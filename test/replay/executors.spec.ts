import { expect, test } from '../support/fixtures.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { lastJson, runBu, servePages, tempDir } from '../capture/support.ts';

/**
 * Replay acts the way capture acted: a custom (ARIA) dropdown recorded through `select_dropdown`
 * is opened and its option clicked again, and an upload finds its file among the same allowed
 * places (the recorded session's files), through `bu capture script` then `bu replay`.
 */

test.describe.configure({ timeout: 180_000 });

const kPage = `<!doctype html><html><head><title>Order</title></head><body><main><h1>Order</h1>
  <label id="fruit-label">Fruit</label>
  <button role="combobox" aria-labelledby="fruit-label" aria-expanded="false" aria-controls="fruits" id="fruit"
    onclick="document.getElementById('fruits').hidden = false; this.setAttribute('aria-expanded', 'true')">Choose</button>
  <ul role="listbox" id="fruits" hidden>
    ${['Apple', 'Banana', 'Cherry'].map((f) => `<li role="option" onclick="pick('${f}')">${f}</li>`).join('')}
  </ul>
  <label>Receipt <input type="file" id="receipt" onchange="document.getElementById('file').textContent = this.files[0].name"></label>
  <p>Chosen: <span id="chosen">none</span>; file: <span id="file">none</span></p>
  <script>
    function pick(f) {
      document.getElementById('chosen').textContent = f;
      document.getElementById('fruit').textContent = f;
      document.getElementById('fruits').hidden = true;
    }
  </script></main></body></html>`;

test('a custom dropdown and an upload recorded by capture replay the same way', async () => {
  const site = await servePages({ '/': kPage });
  const cwd = await tempDir('replay-exec');
  try {
    const plan = {
      version: 1,
      url: site.url,
      steps: [
        { select_dropdown: { target: { role: 'combobox', name: 'Fruit' }, text: 'Banana' } },
        { write_file: { fileName: 'receipt.txt', content: 'paid' } },
        { upload_file: { target: 'css=#receipt', path: 'receipt.txt' } },
        { done: { text: 'ordered', success: true } },
      ],
    };
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify(plan));
    const captured = await runBu(['capture', 'script', '--plan', 'plan.json', '--json'], { cwd });
    expect(captured.code, captured.stderr).toBe(0);
    const id = String(lastJson(captured.stdout).sessionId);

    const replayed = await runBu(['replay', id, '--json'], { cwd });
    expect(replayed.code, replayed.stderr).toBe(0);
    const report = JSON.parse(await fs.readFile(String(lastJson(replayed.stdout).reportPath), 'utf8')) as { steps: { action: string; status: string }[]; final: { ariaSnapshot: string } };
    expect(report.steps.map((s) => [s.action, s.status])).toEqual([['select_dropdown', 'passed'], ['write_file', 'skipped'], ['upload_file', 'passed'], ['done', 'skipped']]);
    expect(report.final.ariaSnapshot).toContain('Chosen: Banana; file: receipt.txt');

    // A file outside the allowed places is refused with a sentence, not uploaded.
    const history = path.join(cwd, 'out', 'history', `${id}.json`);
    const text = (await fs.readFile(history, 'utf8')).replace('"path": "receipt.txt"', '"path": "/etc/hostname"');
    expect(text).toContain('/etc/hostname');
    await fs.writeFile(path.join(cwd, 'moved.json'), text);
    const refused = await runBu(['replay', 'moved.json', '--json'], { cwd });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/no file \/etc\/hostname in the session files/);
  } finally {
    await site.close();
  }
});
