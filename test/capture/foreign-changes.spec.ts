import fs from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { withoutForeign } from '../../core/volatile/foreign-changes.ts';
import { capturePlan, runBu, serveWith, tempDir } from './support.ts';

/**
 * A page that changes by timers set before the step that is running: a tip box that fades to its
 * next tip every 400 ms (an interval set at load; the fades run in the page's one frame loop, which
 * Next's own animation keeps going while Next runs), and a notification a Save raised that slides out
 * 1.5 s later, while the next step (Next, whose answer takes 1.5 s) is under way, its last frame run
 * by the frame loop Next's own animation started. Neither is what Next did: its recorded effect is
 * the page it brought up, and replay finds it again.
 */

const kTips = ['Press a key to open the quick menu', 'Drag a row to move it', 'Hold shift to select a range'];
const kPage = `<!doctype html><html><head><title>Pages</title></head><body><main><h1>Pages</h1>
<aside><p id="tip"></p></aside>
<div id="toasts"></div>
<section><h2 id="page">Contents</h2><button id="save">Save</button> <button id="next">Next</button></section></main>
<script>
const tips = ${JSON.stringify(kTips)};
let shown = 0;
const tip = document.getElementById('tip');
// One frame loop for every animation, as animation libraries run them: whoever starts it first.
const running = [];
const frame = () => {
  for (const a of [...running]) {
    a.left -= 1;
    a.el.style.opacity = String(a.left / a.frames);
    if (a.left <= 0) { running.splice(running.indexOf(a), 1); a.done(); }
  }
  if (running.length) requestAnimationFrame(frame);
};
const animate = (el, frames, done) => { running.push({ el, frames, left: frames, done }); if (running.length === 1) requestAnimationFrame(frame); };
// The tip fades out and the next one in, in the same loop: while Next's animation runs, in its frames.
const cycle = () => animate(tip, 5, () => { shown = (shown + 1) % tips.length; tip.textContent = tips[shown]; animate(tip, 5, () => { tip.style.opacity = ''; }); });
tip.textContent = tips[0];
setInterval(cycle, 400);
document.getElementById('save').onclick = () => {
  const note = document.createElement('div');
  note.className = 'toast';
  note.innerHTML = '<p>Saved the draft</p><ul><li>2 versions</li></ul>';
  document.getElementById('toasts').append(note);
  // Slid out after a while, by the frame loop of whatever runs then.
  setTimeout(() => { note.style.overflow = 'hidden'; animate(note, 6, () => note.remove()); }, 1500);
};
document.getElementById('next').onclick = () => {
  animate(document.getElementById('next'), 120, () => undefined);
  fetch('/slow').then((r) => r.text()).then((t) => { document.getElementById('page').textContent = t; });
};
</script></body></html>`;

function serve() {
  return serveWith((req, res) => {
    const slow = req.url === '/slow';
    setTimeout(() => {
      res.writeHead(200, { 'content-type': slow ? 'text/plain' : 'text/html; charset=utf-8' });
      res.end(slow ? 'Index' : kPage);
    }, slow ? 1_500 : 0);
  });
}

test('what timers set before a step change during it is not the step\'s effect; what its handlers and answers change is', async () => {
  test.setTimeout(90_000);
  const site = await serve();
  const cwd = await tempDir('foreign');
  try {
    const plan = { version: 1, url: site.url, steps: [
      { click: { target: { role: 'button', name: 'Save' } } },
      { click: { target: { role: 'button', name: 'Next' } } },
      { done: { text: 'next page' } },
    ] };
    const { run, id, history } = await capturePlan(cwd, plan);
    expect(run.code, run.stderr).toBe(0);
    const [save, next] = history!.steps.filter((s) => s.action === 'click');
    expect(save!.effect).toEqual({ appeared: ['paragraph "Saved the draft"', 'list', 'listitem "# versions"'], gone: [] });
    expect(next!.effect).toEqual({ appeared: ['heading "Index"'], gone: ['heading "Contents"'] });

    const replayed = await runBu(['replay', id!, '--json'], { cwd });
    expect(replayed.code, replayed.stderr + replayed.stdout).toBe(0);
  } finally {
    await site.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});

test('a foreign change takes away only the lines it shows: by their words, or one unnamed line of its role each', () => {
  const foreign = {
    removed: { texts: ['Saved the draft', 'Imported: 2 nodes'], roles: { paragraph: 2, list: 1, listitem: 1 } },
    added: { texts: ['Hold shift to select a range'], roles: { paragraph: 1 } },
  };
  const effect = {
    appeared: ['text "Hold shift"', 'heading "Index"', 'text "shift the"', 'paragraph "Hold"'],
    gone: ['paragraph "Saved the draft"', 'list', 'listitem', 'listitem', 'heading "Contents"', 'paragraph "Saved"'],
  };
  expect(withoutForeign(effect, foreign)).toEqual({
    // "shift the" is not words of the tip in that order; "Hold" is.
    appeared: ['heading "Index"', 'text "shift the"'],
    // "Saved" is a word of "Saved the draft"; one list and one list item went with the notification.
    gone: ['listitem', 'heading "Contents"'],
  });
  expect(withoutForeign(effect, null)).toBe(effect);
  // Names as the outline writes them: figures stood in, the text of a notification's parts apart.
  const notification = { removed: { texts: ['Imported: 3 nodes'], roles: { list: 1 } }, added: { texts: [], roles: {} } };
  expect(withoutForeign({ appeared: [], gone: ['paragraph "Imported:"', 'list', 'listitem "# nodes"', 'listitem "# node"'] }, notification))
    .toEqual({ appeared: [], gone: ['listitem "# node"'] });
});

/**
 * A request sent before the step, answered during it: Load's list (its answer takes longer than
 * the recorder waits for a step) arrives while Pin, the next step, waits for its own answer. The
 * list is Load's, not Pin's: Pin's effect is its own answer.
 */
const kRequests = `<!doctype html><html><head><title>Plants</title></head><body><main><h1>Plants</h1>
<button id="load">Load plants</button> <button id="pin">Pin</button>
<ul id="plants"></ul><p id="pinned"></p></main>
<script>
document.getElementById('load').onclick = () => {
  const x = new XMLHttpRequest();
  x.open('GET', '/plants');
  x.onload = () => { document.getElementById('plants').innerHTML = JSON.parse(x.responseText).map((n) => '<li>' + n + '</li>').join(''); };
  x.send();
};
document.getElementById('pin').onclick = () => {
  const x = new XMLHttpRequest();
  x.open('GET', '/pin');
  x.addEventListener('load', () => { document.getElementById('pinned').textContent = x.responseText; });
  x.send();
};
</script></body></html>`;

test('the answer to a request sent before the step is not the step\'s effect; the answer to its own request is', async () => {
  test.setTimeout(90_000);
  const answers: Record<string, [number, string, string]> = {
    '/plants': [4_500, 'application/json', JSON.stringify(['Tomato', 'Basil'])],
    '/pin': [2_000, 'text/plain', 'Pinned the first plant'],
  };
  const site = await serveWith((req, res) => {
    const [delay, type, body] = answers[req.url ?? ''] ?? [0, 'text/html; charset=utf-8', kRequests];
    setTimeout(() => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    }, delay);
  });
  const cwd = await tempDir('foreign-requests');
  try {
    const { run, history } = await capturePlan(cwd, { version: 1, url: site.url, steps: [
      { click: { target: { role: 'button', name: 'Load plants' } } },
      { click: { target: { role: 'button', name: 'Pin' } } },
      { expect_text: { text: 'Basil' } },
      { done: { text: 'pinned' } },
    ] });
    expect(run.code, run.stderr).toBe(0);
    const pin = history!.steps.filter((s) => s.action === 'click')[1]!;
    expect(pin.effect).toEqual({ appeared: ['paragraph "Pinned the first plant"'], gone: ['paragraph'] });
  } finally {
    await site.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});
