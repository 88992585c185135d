import { expect, test } from '../support/fixtures.ts';
import { CrawlerPolicy } from '../../capture/policies/crawler.ts';
import { elementsInFocus } from '../../capture/policies/crawler/dialog.ts';
import { fillActions } from '../../capture/policies/crawler/fill.ts';
import { isPasswordField, valueFor } from '../../capture/policies/crawler/form-values.ts';
import { Frontier } from '../../capture/policies/crawler/frontier.ts';
import { deriveMoves, normalizeHref, type Move } from '../../capture/policies/crawler/moves.ts';
import { crawlerStateKey, withoutRepeatedRows } from '../../capture/policies/crawler/state-key.ts';
import type { ElementInfo, FieldDetails, Observation } from '../../capture/types.ts';

/** Pure parts of the crawler that use the DOM details of fields: passwords, form scope, rows, budget. */

function el(index: number, role: string, name: string, details?: Partial<FieldDetails>, attributes: Record<string, string> = {}): ElementInfo {
  const full = details ? { type: '', nameAttr: '', id: '', autocomplete: '', label: '', form: null, inRow: false, ...details } : undefined;
  return { index, ref: `e${index}`, role, name, tag: 'div', attributes, isNew: false, container: null, inViewport: true, ...(full ? { details: full } : {}) };
}

const kAllow = ['127.0.0.1'];
const kUrl = 'http://127.0.0.1:8080/';

test.describe('password fields', () => {
  const none = { fills: {}, secrets: [] as string[] };

  test('a password field is known by type, autocomplete or label, whatever its accessible name', () => {
    expect(isPasswordField({ role: 'textbox', name: '', type: 'password' })).toBe(true);
    expect(isPasswordField({ role: 'textbox', name: '', autocomplete: 'current-password' })).toBe(true);
    expect(isPasswordField({ role: 'textbox', name: '', nameAttr: 'user_pass' })).toBe(true);
    expect(isPasswordField({ role: 'textbox', name: 'Passphrase' })).toBe(true);
    expect(isPasswordField({ role: 'textbox', name: 'Username', type: 'text' })).toBe(false);
  });

  test('it gets the secret named by its name attribute, id, autocomplete, type or label', () => {
    const secrets = (...names: string[]) => ({ fills: {}, secrets: names });
    const unlabelled = { role: 'textbox', name: '', type: 'password', nameAttr: 'password' };
    expect(valueFor(unlabelled, secrets('password'))).toEqual({ text: '{{secret:password}}', source: 'secret' });
    expect(valueFor({ role: 'textbox', name: '', type: 'password', nameAttr: 'pin_code', id: 'admin-pass' }, secrets('token', 'admin_pass'))).toEqual({ text: '{{secret:admin_pass}}', source: 'secret' });
    expect(valueFor({ role: 'textbox', name: '', type: 'password', autocomplete: 'current-password' }, secrets('other', 'current_password'))?.text).toBe('{{secret:current_password}}');
    expect(valueFor({ role: 'textbox', name: '', type: 'password', label: 'Vault key' }, secrets('other', 'vault_key'))?.text).toBe('{{secret:vault_key}}');
    // One secret, one password field: it goes there even when nothing names it.
    expect(valueFor({ role: 'textbox', name: '', type: 'password', nameAttr: 'pw' }, secrets('admin'))?.text).toBe('{{secret:admin}}');
  });

  test('it never gets made-up text: with no matching secret it is left alone', () => {
    expect(valueFor({ role: 'textbox', name: '', type: 'password', nameAttr: 'password' }, none)).toBeNull();
    expect(valueFor({ role: 'textbox', name: 'Password' }, none)).toBeNull();
    // Two secrets and neither matches: nothing is guessed.
    expect(valueFor({ role: 'textbox', name: '', type: 'password', nameAttr: 'pw' }, { fills: {}, secrets: ['apikey', 'token'] })).toBeNull();
    // One secret but two password fields (new + confirm) that it does not name: left alone.
    expect(valueFor({ role: 'textbox', name: '', type: 'password', nameAttr: 'pw1' }, { fills: {}, secrets: ['apikey'] }, { passwordFields: 2 })).toBeNull();
  });

  test('--fill values match by name attribute, id, label and autocomplete too', () => {
    const fills = { fills: { user_login: 'ann', 'e-mail': 'ann@example.com', pass: 'given' }, secrets: [] };
    expect(valueFor({ role: 'textbox', name: '', nameAttr: 'user_login' }, fills)?.text).toBe('ann');
    expect(valueFor({ role: 'textbox', name: '', id: 'e-mail' }, fills)?.text).toBe('ann@example.com');
    expect(valueFor({ role: 'textbox', name: '', type: 'password', nameAttr: 'pass' }, fills)).toEqual({ text: 'given', source: 'fill' });
    expect(valueFor({ role: 'textbox', name: '', autocomplete: 'email' }, { fills: { email: 'x@y.z' }, secrets: [] })?.text).toBe('x@y.z');
  });

  test('a login form with an unlabelled password field is filled with the secret, never sample text', () => {
    const form = { form: '#0' };
    const elements = [el(1, 'textbox', '', { ...form, type: 'text', nameAttr: 'username' }), el(2, 'textbox', '', { ...form, type: 'password', nameAttr: 'password' }), el(3, 'button', 'Log In', { ...form, type: 'submit' })];
    const withSecret = fillActions(elements, '', { fills: {}, secrets: ['password'] }, elements[2]!);
    expect(withSecret.actions).toEqual([
      { action: 'input', params: { text: 'alexdoe', clear: true }, index: 1 },
      { action: 'input', params: { text: '{{secret:password}}', clear: true }, index: 2 },
    ]);
    const without = fillActions(elements, '', { fills: {}, secrets: [] }, elements[2]!);
    expect(without.actions.map((a) => a.index)).toEqual([1]);
    expect(without.notes.join('\n')).toMatch(/password field .*name=password.* left empty/);
  });
});

test.describe('form scope', () => {
  test('a submit sends its own form; row ticks and other forms are left alone', () => {
    const elements = [
      el(1, 'searchbox', 'Search', { form: '#0', type: 'search' }), el(2, 'button', 'Go', { form: '#0', type: 'submit' }),
      el(3, 'textbox', 'Title', { form: '#1' }), el(4, 'checkbox', 'Urgent', { form: '#1', type: 'checkbox' }), el(5, 'button', 'Save', { form: '#1', type: 'submit' }),
      el(6, 'checkbox', 'Milk', { inRow: true, type: 'checkbox' }), el(7, 'checkbox', 'Eggs', { inRow: true, type: 'checkbox' }),
    ];
    const save = fillActions(elements, '', { fills: {}, secrets: [] }, elements[4]!);
    expect(save.actions.map((a) => a.index)).toEqual([3, 4]);
    const { moves } = deriveMoves(elements, kUrl, { allow: kAllow, allowDestructive: false });
    expect(moves.map((m) => `${m.kind} ${m.address.name}${m.repeated ? ' (repeat)' : ''}`)).toEqual([
      'submit go', 'submit save', 'click milk', 'click eggs (repeat)',
    ]);
  });

  test('loose fields with no button are sent with Enter in their last text field; loose ticks are moves of their own', () => {
    const elements = [
      el(1, 'textbox', 'New task', { type: 'text' }), el(2, 'checkbox', 'Tick all', { type: 'checkbox' }),
      el(3, 'checkbox', 'Get milk', { type: 'checkbox', inRow: true }), el(4, 'checkbox', 'Call Bo', { type: 'checkbox', inRow: true }),
      el(5, 'button', 'Help', { type: 'button' }),
    ];
    const { moves } = deriveMoves(elements, kUrl, { allow: kAllow, allowDestructive: false });
    expect(moves.map((m) => `${m.kind} ${m.address.name}${m.repeated ? ' (repeat)' : ''}`)).toEqual([
      'click tick all', 'click get milk', 'click call bo (repeat)', 'click help', 'submit-enter new task',
    ]);
    const fill = fillActions(elements, '', { fills: {}, secrets: [] }, elements[0]!);
    expect(fill.actions).toEqual([{ action: 'input', params: { text: 'Sample text', clear: true }, index: 1 }]);
  });

  test('while a dialog is open only its controls count', () => {
    const elements = [el(1, 'button', 'Help'), el(2, 'link', 'All', undefined, { href: '#/' }), el(3, 'button', 'Got it')];
    const snapshot = '- main [ref=e9]:\n  - button "Help" [ref=e1]\n  - link "All" [ref=e2]\n- dialog [ref=e8]:\n  - button "Got it" [ref=e3]';
    expect(elementsInFocus(elements, snapshot).map((e) => e.name)).toEqual(['Got it']);
    expect(elementsInFocus(elements, snapshot.split('\n- dialog')[0]!).length).toBe(3);
  });

  test('an element listed for its pointer cursor alone, with no name or text, is no move; an unnamed control still is', () => {
    const elements = [el(1, 'generic', 'Open'), el(2, 'generic', ''), el(3, 'generic', '  '), el(4, 'button', ''), el(5, 'link', '', undefined, { href: '/feeds' })];
    const { moves, skipped } = deriveMoves(elements, kUrl, { allow: kAllow, allowDestructive: false });
    expect(moves.map((m) => `${m.kind} ${m.address.role} "${m.address.name}"`)).toEqual(['click generic "open"', 'click button ""', 'link link ""']);
    expect(skipped.map((s) => s.reason)).toEqual(['unnamed', 'unnamed']);
  });

  test('while a layer covers the page only the controls on it count', () => {
    const behind = { covered: true };
    const elements = [{ ...el(1, 'generic', 'Open'), ...behind }, { ...el(2, 'generic', 'Start all'), ...behind }, el(3, 'button', 'Upload'), el(4, 'button', 'Cancel')];
    const snapshot = '- generic [ref=e9]:\n  - generic "Open" [ref=e1]\n  - generic "Start all" [ref=e2]\n- heading "Upload files"\n- button "Upload" [ref=e3]\n- button "Cancel" [ref=e4]';
    expect(elementsInFocus(elements, snapshot).map((e) => e.name)).toEqual(['Upload', 'Cancel']);
    // A layer over every element (a splash screen, a page in an overlay of its own) hides nothing.
    expect(elementsInFocus(elements.map((e) => ({ ...e, ...behind })), snapshot).length).toBe(4);
  });
});

test.describe('routes and rows', () => {
  test('hash routes are targets of their own; anchors are the same page', () => {
    expect(normalizeHref('#/active', 'http://h/app/')).toBe('http://h/app/#/active');
    expect(normalizeHref('#!/users/3', 'http://h/')).toBe('http://h/#!/users/3');
    expect(normalizeHref('#top', 'http://h/app/')).toBe('http://h/app/');
    const elements = [el(1, 'link', 'Active', undefined, { href: '#/active' }), el(2, 'link', 'Top', undefined, { href: '#top' })];
    const derived = deriveMoves(elements, 'http://127.0.0.1:8080/#/', { allow: kAllow, allowDestructive: false });
    expect(derived.moves.map((m) => m.key)).toEqual(['link http://127.0.0.1:8080/#/active']);
    expect(derived.skipped.map((s) => s.reason)).toEqual(['same-page']);
  });

  test('a list of one row is a new state after an empty list; more rows of the same shape are not', () => {
    const list = (...rows: string[]) => `- heading "Tasks" [level=1]\n- list:\n${rows.map((row) => `  - listitem:\n    - checkbox "${row}"\n    - text: ${row}`).join('\n')}\n- paragraph: Footer`;
    const key = (snapshot: string) => crawlerStateKey({ ariaSnapshot: snapshot, stateHash: 'unused' });
    expect(key(list())).not.toBe(key(list('Milk')));
    expect(key(list('Milk'))).toBe(key(list('Milk', 'Milk')));
    expect(key(list('Milk', 'Milk', 'Milk'))).toBe(key(list('Milk')));
    // Paragraphs are not rows: a second message is a change.
    expect(withoutRepeatedRows('- paragraph: a\n- paragraph: b')).toBe('- paragraph: a\n- paragraph: b');
  });
});

test.describe('frontier preference', () => {
  const move = (key: string, extra: Partial<Move> = {}): Move => ({ key, kind: 'click', label: key, address: { role: 'button', name: key, occurrence: 0 }, repeated: false, ...extra });

  test('a move already taken from another state waits until new moves and row repeats are done; one that changed nothing waits longest', () => {
    const frontier = new Frontier({ perStateBudget: 20, maxReturnFailures: 2 });
    const a = frontier.observe('A', 'http://h/', 'A', [move('add'), move('noop'), move('more')]).state;
    frontier.markTried(a, a.moves[0]!);
    const b = frontier.observe('B', 'http://h/', 'B', [move('noop'), move('add'), move('row2', { repeated: true }), move('help')]).state;
    frontier.recordEffect(a, a.moves[0]!, b);
    frontier.markTried(a, a.moves[1]!);
    frontier.recordEffect(a, a.moves[1]!, a);
    // B's own new move first, then A's new one (breadth-first), before anything B has that was seen.
    expect(frontier.choose(b)).toMatchObject({ kind: 'move', move: { key: 'help' } });
    frontier.markTried(b, b.moves[3]!);
    expect(frontier.choose(b)).toMatchObject({ kind: 'return', state: { key: 'A' } });
    frontier.markTried(a, a.moves[2]!);
    // In B: the new move, then the row repeat, then what was seen to do something, then what did nothing.
    const order: string[] = [];
    for (let choice = frontier.choose(b); choice.kind === 'move'; choice = frontier.choose(b)) {
      order.push(choice.move.key);
      frontier.markTried(b, choice.move);
    }
    expect(order).toEqual(['row2', 'add', 'noop']);
  });
});

test.describe('step budget', () => {
  function observation(step: number, elements: ElementInfo[], actionsLeft: number): Observation {
    return {
      step, url: kUrl, title: 'Form', tabs: [], activeTab: 0, ariaSnapshot: '', stateHash: 'S', elements, text: '',
      scroll: { y: 0, viewportHeight: 0, pageHeight: 0, pixelsAbove: 0, pixelsBelow: 0 }, lastResults: [], actionsLeft,
    };
  }

  test('a form that does not fit in the actions left is not started; the crawl stops with maxSteps', async () => {
    const form = { form: '#0' };
    const elements = [el(1, 'textbox', 'Name', form), el(2, 'textbox', 'City', form), el(3, 'button', 'Save', { ...form, type: 'submit' })];
    const policy = new CrawlerPolicy({ allow: kAllow });
    expect(await policy.decide(observation(1, elements, 2))).toMatchObject({ kind: 'stop', reason: 'maxSteps' });
    const fits = await new CrawlerPolicy({ allow: kAllow }).decide(observation(1, elements, 3));
    expect(fits.kind === 'act' && fits.actions.length).toBe(3);
  });
});

test('a login (a form that takes a secret) is sent before anything else on the page', async () => {
  const search = { form: '#0' };
  const login = { form: '#1' };
  const elements = [
    el(1, 'searchbox', 'Search', { ...search, type: 'search' }), el(2, 'button', 'Search', { ...search, type: 'submit' }),
    el(3, 'link', 'Help', undefined, { href: '/help' }),
    el(4, 'textbox', 'Username', { ...login, nameAttr: 'u' }), el(5, 'textbox', 'Password', { ...login, type: 'password', nameAttr: 'p' }),
    el(6, 'button', 'Log In', { ...login, type: 'submit' }),
  ];
  const decide = (secrets: string[]) => new CrawlerPolicy({ allow: kAllow, known: { fills: {}, secrets } }).decide({
    step: 1, url: kUrl, title: 'Login', tabs: [], activeTab: 0, ariaSnapshot: '', stateHash: 'L', elements, text: '',
    scroll: { y: 0, viewportHeight: 0, pageHeight: 0, pixelsAbove: 0, pixelsBelow: 0 }, lastResults: [],
  });
  const withSecret = await decide(['password']);
  expect(withSecret.kind === 'act' && withSecret.actions.map((a) => `${a.action} ${a.index} ${String(a.params.text ?? '')}`)).toEqual([
    'input 4 alexdoe', 'input 5 {{secret:password}}', 'click 6 ',
  ]);
  // Without a secret there is no login to favour: element order.
  const without = await decide([]);
  expect(without.kind === 'act' && without.actions.at(-1)?.index).toBe(2);
});

test.describe('rich-text editors', () => {
  const editor = (index: number, name: string, details: Partial<FieldDetails> = {}): ElementInfo => ({
    ...el(index, 'textbox', name, { type: 'contenteditable', ...details }, { editable: 'rich text' }),
    ref: '', path: { frames: [], css: 'div.editor', ariaRole: null, ariaName: '' },
  });
  const toolbar = ['Bold', 'Italic', 'Underline', 'Strike', 'Heading 1', 'Heading 2', 'Paragraph', 'Quote', 'Ordered list', 'List', 'Code', 'Rule', 'Link', 'Image']
    .map((name, i) => el(i + 1, 'button', name, { type: 'button' }));
  const decide = (elements: ElementInfo[]) => new CrawlerPolicy({ allow: kAllow }).decide({
    step: 1, url: kUrl, title: 'Editor', tabs: [], activeTab: 0, ariaSnapshot: '', stateHash: 'E', elements, text: '',
    scroll: { y: 0, viewportHeight: 0, pageHeight: 0, pixelsAbove: 0, pixelsBelow: 0 }, lastResults: [],
  });

  test('an editor no button sends is typed into first, alone, before a toolbar longer than the state budget; Enter is never its submit', async () => {
    const elements = [...toolbar, el(15, 'searchbox', 'Find', { type: 'search' }), editor(16, '', { label: 'Notes' })];
    const { moves } = deriveMoves(elements, kUrl, { allow: kAllow, allowDestructive: false });
    expect(moves[0]).toMatchObject({ kind: 'type', address: { role: 'textbox', name: '', occurrence: 0 } });
    // Enter goes into the search box, not into the editor (where it only starts a new line).
    expect(moves.find((move) => move.kind === 'submit-enter')?.address.role).toBe('searchbox');
    const decision = await decide(elements);
    // The editor alone gets text, chosen from what it is for; the loose search box is not sent with it.
    expect(decision.kind === 'act' && decision.actions).toEqual([{ action: 'input', params: { text: 'Sample text', clear: true }, index: 16 }]);
  });

  test('an editor in a form with a submit button is filled with the form, and has no move of its own', async () => {
    const form = { form: '#0' };
    const elements = [el(1, 'textbox', 'Subject', form), editor(2, 'Message', form), el(3, 'button', 'Post', { ...form, type: 'submit' })];
    const { moves } = deriveMoves(elements, kUrl, { allow: kAllow, allowDestructive: false });
    expect(moves.map((move) => move.kind)).toEqual(['submit']);
    const decision = await decide(elements);
    expect(decision.kind === 'act' && decision.actions.map((a) => `${a.action} ${a.index} ${String(a.params.text ?? '')}`)).toEqual([
      'input 1 Sample title', 'input 2 Sample text', 'click 3 ',
    ]);
  });
});
