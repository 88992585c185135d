import { expect, test } from '../support/fixtures.ts';
import { editableText, holdsTypedText } from '../../core/act/editable.ts';
import { executeAction } from '../../capture/actions/execute.ts';
import { perceive } from '../../capture/perceive/perceive.ts';
import { Secrets } from '../../capture/record/secrets.ts';
import type { Session } from '../../capture/session.ts';
import type { ActionCall, Observation } from '../../capture/types.ts';
import { servePages, tempDir } from './support.ts';

/**
 * Rich-text editors: `contenteditable` regions the aria snapshot leaves out (no role, no name),
 * one with role=textbox that it lists, and an editable iframe document, as a policy sees them and
 * as `input` fills them.
 */

const kFrame = `<!doctype html><html><head><title>frame</title></head><body contenteditable="true"><p>Frame text</p></body></html>`;

const kPage = `<!doctype html><html><head><title>Editors</title></head><body>
<h2>Notes</h2>
<div class="toolbar"><button>Bold</button></div>
<div class="notes-editor" contenteditable="true"><p>Old note</p><p contenteditable="true">nested, part of the same editor</p></div>
<h2>Summary</h2>
<div contenteditable="true" role="textbox" aria-label="Body"></div>
<div contenteditable="false">read only</div>
<div contenteditable="true" style="display:none">hidden</div>
<div contenteditable="true" data-placeholder="Write a comment" class="comment"></div>
<div class="shouting" contenteditable="true"></div>
<script>
  // An editor that rewrites what is typed into it (as autocorrect or a markdown editor may).
  document.querySelector('.shouting').addEventListener('input', (e) => { if (!e.target.dataset.done) { e.target.dataset.done = '1'; e.target.textContent = 'REWRITTEN'; } });
</script>
<iframe title="Rich Text Area" src="/frame" style="width:400px;height:100px"></iframe>
</body></html>`;

async function observe(session: Session, url: string): Promise<Observation> {
  const page = session.currentPageOrDie();
  await page.goto(url);
  await page.frameLocator('iframe').locator('body p').waitFor();
  return perceive(session, null, { fieldDetails: true });
}

async function act(session: Session, observation: Observation, call: ActionCall) {
  const dir = await tempDir('editables');
  return executeAction({
    session, observation, secrets: new Secrets({ secrets: {} }), filesDir: dir, cwd: dir,
    signal: new AbortController().signal, timeoutMs: 5_000, step: 1,
  }, call);
}

test('the element list shows unnamed editors, an editable iframe document and a role=textbox editor once each', async ({ session }) => {
  const pages = await servePages({ '/': kPage, '/frame': kFrame });
  try {
    const observation = await observe(session, pages.url);
    const editors = observation.elements.filter((element) => element.role === 'textbox');
    expect(editors.map((e) => [e.name, e.path?.css ?? null, e.path?.frames ?? null, e.details?.type])).toEqual([
      // The snapshot lists the one with a role (by its ref); the others come from the DOM, in page order.
      ['Body', null, null, 'contenteditable'],
      ['', 'div.notes-editor', [], 'contenteditable'],
      ['', 'div.comment', [], 'contenteditable'],
      ['', 'div.shouting', [], 'contenteditable'],
      ['Rich Text Area', 'body', ['html > body > iframe'], 'contenteditable'],
    ]);
    const notes = editors[1]!;
    expect(notes.attributes).toMatchObject({ editable: 'rich text', under: 'Notes', value: 'Old note nested, part of the same editor' });
    expect(notes.ref).toBe('');
    expect(editors[2]!.attributes.placeholder).toBe('Write a comment');
    expect(editors[4]!.container).toBe('iframe html > body > iframe');
    // The policy reads them in the page text, with indexes after the snapshot's elements.
    expect(observation.text).toContain(`[${notes.index}]textbox editable=rich text under=Notes value=Old note nested`);
    expect(observation.text).toContain(`[${editors[4]!.index}]textbox "Rich Text Area" editable=rich text value=Frame text`);
    expect(notes.index).toBeGreaterThan(editors[0]!.index);
  } finally {
    await pages.close();
  }
});

test('input fills each kind of editor, reads the text back, appends at the end and records a fingerprint replay can use', async ({ session }) => {
  const pages = await servePages({ '/': kPage, '/frame': kFrame });
  try {
    const page = session.currentPageOrDie();
    let observation = await observe(session, pages.url);
    const byName = (name: string, css?: string) => observation.elements.find((e) => e.role === 'textbox' && e.name === name && (css === undefined || e.path?.css === css))!;

    const notes = await act(session, observation, { action: 'input', params: { text: 'First line\nSecond line', clear: true }, index: byName('', 'div.notes-editor').index });
    expect(notes.outcome).toMatchObject({ ok: true, error: null });
    expect(holdsTypedText(await page.locator('div.notes-editor').innerText(), 'First line\nSecond line')).toBe(true);
    // The recorded state after is the editor's text with its line breaks, not its run-together textContent.
    expect(editableText(notes.record!.targetAfter!.value!)).toBe('First line\nSecond line');
    expect(notes.record!.fingerprint).toMatchObject({ role: null, tag: 'div', classes: ['notes-editor'] });
    expect(notes.record!.locator!.matches).toBe(1);

    observation = await perceive(session, observation, { fieldDetails: true });
    const appended = await act(session, observation, { action: 'input', params: { text: ' and more', clear: false }, index: byName('', 'div.notes-editor').index });
    expect(appended.outcome.ok).toBe(true);
    expect(editableText(await page.locator('div.notes-editor').innerText())).toBe('First line\nSecond line and more');

    const inFrame = await act(session, observation, { action: 'input', params: { text: 'Typed in the frame', clear: true }, index: byName('Rich Text Area').index });
    expect(inFrame.outcome.ok).toBe(true);
    expect(await page.frameLocator('iframe').locator('body').innerText()).toBe('Typed in the frame');
    expect(inFrame.record!.fingerprint!.frameChain).toEqual([expect.objectContaining({ selector: 'html > body > iframe' })]);
    expect(inFrame.record!.locator!.code).toContain('contentFrame()');

    const roled = await act(session, observation, { action: 'input', params: { text: 'Body text', clear: true }, index: byName('Body').index });
    expect(roled.outcome.ok).toBe(true);
    expect(roled.record!.fingerprint).toMatchObject({ role: 'textbox', name: 'Body' });
    await expect(page.getByRole('textbox', { name: 'Body' })).toHaveText('Body text');

    // An editor that does not keep what was typed fails the step, without echoing the text.
    const rewritten = await act(session, observation, { action: 'input', params: { text: 'quiet words', clear: true }, index: byName('', 'div.shouting').index });
    expect(rewritten.outcome.ok).toBe(false);
    expect(rewritten.outcome.error).toMatch(/the editor holds 9 characters of text that differ from the 11 typed/);
    expect(rewritten.outcome.error).not.toContain('quiet');
  } finally {
    await pages.close();
  }
});

test('an editor is compared with the typed text by its lines', () => {
  expect(holdsTypedText('a\n\nb\n', 'a\nb')).toBe(true);
  expect(holdsTypedText('a\u00a0 b', 'a b')).toBe(true);
  expect(holdsTypedText('ab', 'a\nb')).toBe(false);
  expect(editableText('  x \n\n\n y ')).toBe('x\ny');
});
