import { expect, test } from '../support/fixtures.ts';
import { kHistoryVersion, type Fingerprint, type History } from '../../core/schema/history.ts';
import { Rebaser, ReportRedactor, resolveSubstitutions, substitute } from '../../replay/inputs.ts';
import { pickCandidate } from '../../locate/pick.ts';
import { kDistinctClass, withDistinctClasses } from '../../locate/pool-evidence.ts';
import { agreement, type LiveFeatures } from '../../locate/scoring.ts';
import { kMinAgreement } from '../../locate/weights.ts';
import { idRelation, idStem, looksGenerated, sameButNumbers } from '../../locate/text.ts';
import { headingProblem, urlMatches } from '../../replay/verify.ts';

/** Pure parts of replay: no browser. */

const fp: Fingerprint = {
  role: 'button', name: 'Save', tag: 'button', testId: null, testIdAttribute: null, id: 'settings-save', nameAttr: null, type: 'submit',
  placeholder: null, label: null, text: 'Save', hrefPath: null, title: null, alt: null, ariaLabel: null, icon: null, classes: ['btn'],
  frameChain: [], shadowHosts: [], landmarks: [{ role: 'main', name: null }], nearbyHeading: 'Settings', nearbyText: null,
  xpath: '/html[1]/body[1]/main[1]/form[1]/button[1]', cssPath: 'html > body > main > form > button', box: { x: 0, y: 0, width: 80, height: 30 },
  roleNameIndex: 0, roleNameCount: 1, state: { value: null, checked: null, selected: null, disabled: false }, container: null, kindPeers: 1,
};

function live(overrides: Partial<LiveFeatures>): LiveFeatures {
  const { role, name, frameChain: _f, roleNameIndex: _i, roleNameCount: _c, ...dom } = fp;
  return { ...dom, role, name, frameDepth: 0, visible: true, ...overrides, kindPeers: overrides.kindPeers ?? dom.kindPeers ?? 1 };
}

test('the same element agrees strongly', () => {
  expect(agreement(fp, live({})).acceptable).toBe(true);
});

test('a reworded control with its id stem is accepted; a decoy in another landmark is not', () => {
  const real = agreement(fp, live({ name: 'Save changes', text: 'Save changes', id: 'settings-save-k3f9a', cssPath: 'x', xpath: 'y' }));
  expect(real.acceptable).toBe(true);
  const decoy = agreement(fp, live({ id: null, type: 'button', landmarks: [{ role: 'complementary', name: 'Sidebar' }] }));
  expect(decoy.acceptable).toBe(false);
  expect(decoy.contradictions.join()).toContain('complementary');
});

test('a locator that now resolves to another control is rejected (replay is not blind)', () => {
  const other = agreement(fp, live({ name: 'Delete', text: 'Delete', id: 'delete-item' }));
  expect(other.acceptable).toBe(false);
  const otherRole = agreement(fp, live({ role: 'link', tag: 'a' }));
  expect(otherRole.contradictions.length).toBeGreaterThan(0);
});

test('position alone never identifies an element', () => {
  const samePlace = agreement(fp, live({ name: 'Cancel', text: 'Cancel', id: null }));
  expect(samePlace.identity).toBe(0);
  expect(samePlace.acceptable).toBe(false);
  expect(agreement(fp, live({})).score).toBeGreaterThanOrEqual(kMinAgreement);
});

test('equal look-alikes are a tie, not the first one; a clear winner wins', () => {
  const a = { item: 'a', agreement: agreement(fp, live({ id: null })) };
  // The same shape one form further down: only its position differs.
  const b = { item: 'b', agreement: agreement(fp, live({ id: null, xpath: '/html[1]/body[1]/main[1]/form[2]/button[1]', cssPath: 'other' })) };
  expect(pickCandidate([a, b]).kind).toBe('ambiguous');
  const c = { item: 'c', agreement: agreement(fp, live({})) };
  const pick = pickCandidate([b, c]);
  expect(pick.kind === 'unique' && pick.winner.item).toBe('c');
});

test('generated-looking values', () => {
  expect(looksGenerated('email-k3f9a')).toBe(true);
  expect(looksGenerated('c1x9qz')).toBe(true);
  expect(looksGenerated('user-1234567')).toBe(true);
  expect(looksGenerated('login-submit')).toBe(false);
  expect(idStem('email-k3f9a')).toBe('email');
  expect(idStem('login-submit')).toBeNull();
  expect(idRelation('login-submit', 'login-submit-k3f9a')).toBe('stem');
  expect(idRelation('login-submit', 'login-form')).toBe('different');
});

test('URLs: rebasing keeps query and hash; ids may differ only with variables', () => {
  const rebase = new Rebaser('http://a/app/v1/login', 'http://b/app/v2');
  expect(rebase.url('http://a/app/v1/items?q=x#top')).toBe('http://b/app/v2/items?q=x#top');
  expect(rebase.url('http://c/other')).toBe('http://c/other');
  expect(rebase.path('/app/v1/items/3')).toBe('/app/v2/items/3');
  expect(urlMatches('http://b/items/46', 'http://b/items/47', false)).toBe(false);
  expect(urlMatches('http://b/items/46', 'http://b/items/47', true)).toBe(true);
  expect(urlMatches('http://b/items?b=1&a=2', 'http://b/items/?a=2&b=1#x', false)).toBe(true);
  const withVars = new Rebaser('http://a/', null, { q: 'Lamp' }, { q: 'Teapot' });
  expect(withVars.url('http://a/items?q=Lamp')).toBe('http://a/items?q=Teapot');
});

test('headings: rewording passes, staying put or landing elsewhere does not', () => {
  expect(headingProblem({ pre: 'Sign in', post: 'Dashboard' }, { pre: 'Log in', post: 'Dashboard' })).toBeNull();
  expect(headingProblem({ pre: 'Sign in', post: 'Sign in' }, { pre: 'Log in', post: 'Log in' })).toBeNull();
  expect(headingProblem({ pre: 'Items', post: 'Create item' }, { pre: 'Items', post: 'Add item' })).toBeNull();
  expect(headingProblem({ pre: 'Sign in', post: 'Dashboard' }, { pre: 'Sign in', post: 'Sign in' })).toMatch(/stayed/);
  expect(headingProblem({ pre: 'Items', post: 'Blue Kettle' }, { pre: 'Items', post: 'Help center' })).toMatch(/arrived/);
});

test('headings: a recording that saw none around a step, the next page not yet drawn, says nothing about the one shown now', () => {
  expect(headingProblem({ pre: '', post: '' }, { pre: '', post: 'garden-planner' })).toBeNull();
  expect(headingProblem({ pre: null, post: null }, { pre: null, post: 'Dashboard' })).toBeNull();
  // One it saw still counts: a heading that stayed when it should have gone, or one that appeared on a page that had one.
  expect(headingProblem({ pre: 'Sign in', post: '' }, { pre: 'Sign in', post: 'Sign in' })).toMatch(/stayed/);
  expect(headingProblem({ pre: 'Items', post: 'Items' }, { pre: 'Items', post: 'Help center' })).toMatch(/changed/);
});

test('secrets: a missing one is bad input; values never survive redaction', () => {
  const history: History = { version: kHistoryVersion, sessionId: 's', startUrl: 'http://a/', recordedAt: '', viewport: null, secrets: ['password'], variables: {}, steps: [] };
  expect(() => resolveSubstitutions(history, {}, {})).toThrow(/BU_SECRET_PASSWORD/);
  const subs = resolveSubstitutions(history, { q: 'x' }, { BU_SECRET_password: 'hunter2' });
  expect(substitute('{{secret:password}}/{{var:q}}', subs)).toBe('hunter2/x');
  const redactor = new ReportRedactor(subs.secrets);
  redactor.uses({ params: { text: '{{secret:password}}' }, pre: { url: 'http://a/' }, post: { url: 'http://a/' } } as never);
  expect(JSON.stringify(redactor.deep({ a: ['typed hunter2'] }))).toBe('{"a":["typed {{secret:password}}"]}');
});

test('another record\'s link in the same route shape contradicts; with changed variables it may differ', () => {
  const link: Fingerprint = { ...fp, role: 'link', tag: 'a', name: 'Blue Kettle', text: 'Blue Kettle', type: null, id: null, hrefPath: '/items/46' };
  const lamp = agreement(link, live({ role: 'link', tag: 'a', name: 'Blue Lamp', text: 'Blue Lamp', type: null, id: null, hrefPath: '/items/47' }));
  expect(lamp.contradictions.join()).toContain('/items/47');
  expect(lamp.acceptable).toBe(false);
  const withVars = agreement(link, live({ role: 'link', tag: 'a', name: 'Blue Kettle', text: 'Blue Kettle', type: null, id: null, hrefPath: '/items/47' }), { tolerantIds: true });
  expect(withVars.contradictions).toEqual([]);
});

test('the visible text does not count twice when it is the name again', () => {
  const plain = agreement({ ...fp, id: null }, live({ id: null }));
  const labelled = agreement({ ...fp, id: null, name: 'Save note' }, live({ id: null, name: 'Save note' }));
  // "Save" as name and as text is one piece of evidence; an aria-label over the text is two.
  expect(labelled.identity - plain.identity).toBe(15);
});

test('an input of another type is another control', () => {
  const field: Fingerprint = { ...fp, role: 'textbox', tag: 'input', type: 'text', name: 'Search', text: null, id: null };
  expect(agreement(field, live({ role: 'textbox', tag: 'input', type: 'password', name: 'Search', text: null, id: null })).contradictions.join()).toMatch(/type password/);
});

const rowBox: Fingerprint = {
  ...fp, role: 'checkbox', name: '', tag: 'input', type: 'checkbox', id: null, text: null, nearbyHeading: null,
  xpath: '/html[1]/body[1]/main[1]/ul[1]/li[2]/input[1]', cssPath: 'x',
  container: { role: 'listitem', tag: 'li', name: null, text: 'Walk the dog', slot: { index: 0, count: 1 }, siblings: 3 },
};
const rowLive = (text: string, xpath = rowBox.xpath) => live({
  role: 'checkbox', name: '', tag: 'input', type: 'checkbox', id: null, text: null, nearbyHeading: null, xpath,
  container: { ...rowBox.container!, text },
});

test('a row\'s text identifies its unnamed checkbox; another row contradicts', () => {
  const same = agreement(rowBox, rowLive('Walk the dog', '/html[1]/body[1]/main[1]/ul[1]/li[3]/input[1]'));
  expect(same.acceptable).toBe(true);
  const other = agreement(rowBox, rowLive('Buy milk'));
  expect(other.contradictions.join()).toContain('Buy milk');
  // An extended row is still the row, but only as the sole one of its kind: its words alone do not identify it.
  const edited = agreement(rowBox, rowLive('Walk the dog twice'));
  expect(edited.acceptable).toBe(false);
  const sole = pickCandidate([{ item: 'other', agreement: other }, { item: 'edited', agreement: edited }], { exhaustive: true });
  expect(sole.kind === 'unique' && sole.winner.item).toBe('edited');
  const pick = pickCandidate([{ item: 'other', agreement: other }, { item: 'same', agreement: same }]);
  expect(pick.kind === 'unique' && pick.winner.item).toBe('same');
});

test('a row that only shares words with the recorded one is another row, and a near row in a region that lost one is not it', () => {
  // "Walk the dog" is gone; "Walk the cat" is another record, with a checkbox just like it.
  const cat = agreement(rowBox, rowLive('Walk the cat'));
  expect(cat.contradictions.join()).toContain('Walk the cat');
  expect(pickCandidate([{ item: 'cat', agreement: cat }], { exhaustive: true }).kind).toBe('rejected');
  // "Walk the dog twice" was there beside it at record time; the recorded row was removed.
  const longer = agreement({ ...rowBox, kindPeers: 4 }, { ...rowLive('Walk the dog twice'), kindPeers: 3 });
  expect(longer.contradictions.length).toBeGreaterThan(0);
  // A named control in such a row is not taken on its name either.
  const del: Fingerprint = { ...rowBox, role: 'button', name: 'Delete', tag: 'button', type: null };
  const catDelete = agreement(del, { ...rowLive('Walk the cat'), role: 'button', name: 'Delete', tag: 'button', type: null });
  expect(catDelete.acceptable).toBe(false);
});

test('a renamed field is taken only as the sole one of its kind in its region, with a similar structure', () => {
  const field: Fingerprint = {
    ...fp, role: 'textbox', tag: 'input', type: null, id: null, text: null, name: 'What needs to be done?', placeholder: 'What needs to be done?',
    landmarks: [{ role: 'banner', name: null }], xpath: '/html[1]/body[1]/header[1]/input[1]', nearbyHeading: 'Tasks',
  };
  const renamed = (xpath: string) => live({
    role: 'textbox', tag: 'input', type: null, id: null, text: null, name: 'Was ist zu tun?', placeholder: 'Was ist zu tun?',
    landmarks: [{ role: 'banner', name: null }], xpath, nearbyHeading: 'Aufgaben',
  });
  const only = { item: 'only', agreement: agreement(field, renamed('/html[1]/body[1]/header[1]/div[1]/input[1]')) };
  expect(only.agreement.acceptable).toBe(false);
  expect(pickCandidate([only]).kind).toBe('rejected');
  const sole = pickCandidate([only], { exhaustive: true });
  expect(sole.kind === 'unique' && sole.rule).toBe('sole');
  const twin = { item: 'twin', agreement: agreement(field, renamed('/html[1]/body[1]/header[1]/div[2]/input[1]')) };
  expect(pickCandidate([only, twin], { exhaustive: true }).kind).toBe('ambiguous');
  const elsewhere = { item: 'far', agreement: agreement(field, live({ role: 'textbox', tag: 'input', type: null, id: null, text: null, name: 'x', landmarks: [{ role: 'banner', name: null }], xpath: '/html[1]/body[1]/table[1]/tbody[1]/tr[1]/td[1]/div[1]/span[1]/input[1]' })) };
  expect(pickCandidate([elsewhere], { exhaustive: true }).kind).toBe('rejected');
});

test('look-alikes in named regions are told apart by the region\'s name', () => {
  const save: Fingerprint = { ...fp, id: null, landmarks: [{ role: 'main', name: null }, { role: 'region', name: 'Shipping' }] };
  const inRegion = (name: string) => ({ item: name, agreement: agreement(save, live({ id: null, landmarks: [{ role: 'main', name: null }, { role: 'region', name }] })) });
  const pick = pickCandidate([inRegion('Billing'), inRegion('Shipping')]);
  expect(pick.kind === 'unique' && pick.winner.item).toBe('Shipping');
});

test('a region that lost an element of the kind does not hand its look-alike over as the sole one', () => {
  const title: Fingerprint = {
    ...fp, role: 'textbox', tag: 'input', type: null, id: null, text: null, name: 'Title', label: 'Title', kindPeers: 2,
    xpath: '/html[1]/body[1]/main[1]/form[1]/input[1]',
  };
  // "Title" is gone; "Notes", the other field of the form, is now the only textbox there.
  const notes = live({ role: 'textbox', tag: 'input', type: null, id: null, text: null, name: 'Notes', label: 'Notes', kindPeers: 1, xpath: '/html[1]/body[1]/main[1]/form[1]/input[1]' });
  expect(pickCandidate([{ item: 'notes', agreement: agreement(title, notes) }], { exhaustive: true }).kind).toBe('rejected');
  // The same field reworded in a form that kept both fields is still taken, by leading its look-alike.
  const reworded = live({ role: 'textbox', tag: 'input', type: null, id: null, text: null, name: 'Heading', label: 'Heading', kindPeers: 2 });
  expect(agreement(title, reworded).sameKind).toBe(true);
});

test('a row whose caption is gone from the page: its own field is still it, a removed record\'s look-alike is not', () => {
  const row = (text: string) => ({ role: 'row', tag: 'tr', name: null, text, slot: { index: 0, count: 1 }, siblings: 4 });
  // A form table: <tr><th>Password<td><input type=password name="auth[password]">.
  const password: Fingerprint = {
    ...fp, role: 'textbox', name: '', tag: 'input', type: 'password', id: null, nameAttr: 'auth[password]', text: null,
    container: row('Password'), kindPeers: 1,
  };
  const field = live({ role: 'textbox', name: '', tag: 'input', type: 'password', id: null, nameAttr: 'auth[password]', text: null, container: row('Passphrase'), kindPeers: 1 });
  expect(agreement(password, field).contradictions.join()).toContain('recorded in "Password"');
  expect(agreement(password, field, { rowTextGone: true }).contradictions).toEqual([]);
  expect(pickCandidate([{ item: 'field', agreement: agreement(password, field, { rowTextGone: true }) }], { exhaustive: true }).kind).toBe('unique');

  // A data row: every row's checkbox shares the name "check[]"; the recorded row was deleted.
  const check: Fingerprint = { ...password, type: 'checkbox', role: 'checkbox', nameAttr: 'check[]', container: row('Bean weekly'), kindPeers: 4 };
  const other = (kindPeers: number) => live({ role: 'checkbox', name: '', tag: 'input', type: 'checkbox', id: null, nameAttr: 'check[]', text: null, container: row('Tomato daily'), kindPeers });
  expect(agreement(check, other(3), { rowTextGone: true }).contradictions.join()).toContain('recorded in "Bean weekly"');
  expect(agreement(check, other(4), { rowTextGone: true }).contradictions.join()).toContain('recorded in "Bean weekly"');
  // A link keeps its target when its row's caption is reworded; another record's link does not.
  const link: Fingerprint = { ...fp, role: 'link', name: 'Select data', tag: 'a', type: null, id: null, hrefPath: '/?select=plants', container: { ...row('Show structure'), role: 'listitem', tag: 'li' }, kindPeers: 3 };
  const sameTarget = live({ role: 'link', name: 'Pick data', tag: 'a', type: null, id: null, hrefPath: '/?select=plants', container: { ...row('View structure'), role: 'listitem', tag: 'li' }, kindPeers: 3 });
  expect(agreement(link, sameTarget, { rowTextGone: true }).contradictions).toEqual([]);
  expect(agreement(link, { ...sameTarget, hrefPath: '/?select=beds' }, { rowTextGone: true }).contradictions.length).toBeGreaterThan(0);
});

test('a recorded class that only one rival holds counts for it; a class every rival shares counts for none', () => {
  const confirm: Fingerprint = { ...fp, id: null, name: 'Confirm changes', text: null, classes: ['btn', 'btn-save'] };
  const rival = (name: string, classes: string[]) => ({ item: classes, agreement: agreement(confirm, live({ id: null, name, text: null, classes })) });
  const pool = [rival('Confirm edits', ['btn', 'btn-save']), rival('Discard edits', ['btn', 'btn-cancel'])];
  const [save, cancel] = withDistinctClasses(confirm, pool, (classes) => classes);
  expect(save!.agreement.identity - pool[0]!.agreement.identity).toBe(kDistinctClass);
  expect(cancel!.agreement).toEqual(pool[1]!.agreement);
  // A decoy that copies the control's classes: nobody holds them alone.
  const decoyed = withDistinctClasses(confirm, [pool[0]!, rival('Confirm edits', ['btn', 'btn-save'])], (classes) => classes);
  expect(decoyed.map((s) => s.agreement.identity)).toEqual([pool[0]!.agreement.identity, pool[0]!.agreement.identity]);
});

test('a card under the same title whose text was reworded is the same card; a row is not', () => {
  const card = (name: string | null, text: string, role = 'article') => ({ role, tag: 'div', name, text, slot: { index: 0, count: 1 }, siblings: 2 });
  const close: Fingerprint = { ...fp, id: null, name: 'close', container: card('Garden', 'Garden Home The garden has three beds') };
  const same = live({ id: null, name: 'close', container: card('Garden', 'Garden Startseite Die garden hat drei Beete') });
  expect(agreement(close, same).contradictions).toEqual([]);
  const other = live({ id: null, name: 'close', container: card('Tasks', 'Tasks Water the beans') });
  expect(agreement(close, other).contradictions.join()).toContain('recorded in "Garden Home');
  const row: Fingerprint = { ...close, container: card('Item', 'Buy milk', 'listitem') };
  expect(agreement(row, live({ id: null, name: 'close', container: card('Item', 'Walk the dog', 'listitem') })).contradictions.length).toBe(1);
});

test('one piece of evidence counts once: a label, placeholder or title that is the name adds nothing', () => {
  const plain = agreement({ ...fp, id: null }, live({ id: null }));
  expect(agreement({ ...fp, id: null, label: 'Save', title: 'Save' }, live({ id: null, label: 'Save', title: 'Save' })).identity).toBe(plain.identity);
  const field: Fingerprint = { ...fp, role: 'textbox', tag: 'input', type: null, id: null, text: null, name: 'Email', label: 'Email', placeholder: 'you@example.com' };
  const liveField = (overrides: Partial<LiveFeatures>) => live({ role: 'textbox', tag: 'input', type: null, id: null, text: null, name: 'Email', label: 'Email', placeholder: 'you@example.com', ...overrides });
  // The placeholder is other evidence than the name (it came from the label); the label is not.
  expect(agreement(field, liveField({})).identity - agreement(field, liveField({ placeholder: null })).identity).toBe(20);
  expect(agreement(field, liveField({})).identity - agreement(field, liveField({ label: null })).identity).toBe(0);
});

test('a class is distinct only when no other element on the page holds it, and then counts once', () => {
  const confirm: Fingerprint = { ...fp, id: null, name: 'Confirm changes', text: null, classes: ['btn', 'btn-save'] };
  const rival = (name: string, classes: string[]) => ({ item: classes, agreement: agreement(confirm, live({ id: null, name, text: null, classes })) });
  const pool = [rival('Confirm edits', ['btn', 'btn-save']), rival('Discard edits', ['btn', 'btn-cancel'])];
  const [alone] = withDistinctClasses(confirm, pool, (classes) => classes, new Map([['btn', 7], ['btn-save', 1]]));
  // The bonus stands in for the class's share of the context: identity up by the bonus, the score by less.
  expect(alone!.agreement.identity - pool[0]!.agreement.identity).toBe(kDistinctClass);
  expect(alone!.agreement.score - pool[0]!.agreement.score).toBe(kDistinctClass - pool[0]!.agreement.classes);
  // Another element on the page (not a candidate: a hidden copy, a wrapper) holds it too.
  const [shared] = withDistinctClasses(confirm, pool, (classes) => classes, new Map([['btn', 7], ['btn-save', 2]]));
  expect(shared!.agreement).toEqual(pool[0]!.agreement);
});

test('a row text whose only change is a number (a counter suffix) reads as the same row; other words do not', () => {
  expect(sameButNumbers("$:/ControlPanel Draft of 'New Tiddler' Garden notes", "$:/ControlPanel Draft of 'New Tiddler 2' Garden notes")).toBe(true);
  expect(sameButNumbers('3 items left', '4 items left')).toBe(true);
  expect(sameButNumbers('Walk the dog', 'Walk the cat')).toBe(false);
  expect(sameButNumbers('12', '13')).toBe(false);
});

test('a row refused as another one says where the two texts differ, not only their shared start', () => {
  const recordedText = 'Get a plant path Parameters id required integer Responses Response samples Content type application/';
  const liveText = 'Get a plant path Parameters id required integer Responses Response samples Inhalt typ application/json';
  const inRow = (text: string) => ({ role: 'item', tag: 'div', name: null, text, slot: { index: 0, count: 2 }, siblings: 6 });
  const row = { ...fp, id: null, container: inRow(recordedText) };
  const [contradiction] = agreement(row, live({ id: null, container: inRow(liveText) })).contradictions;
  expect(contradiction).toContain('Inhalt typ');
  expect(contradiction).toContain('Content type');
  // Rows that differ from their first word are shown from there.
  const [other] = agreement(row, live({ id: null, container: inRow('List plants query Parameters') })).contradictions;
  expect(other).toBe(`in the item "List plants query Parameters", recorded in "${recordedText.slice(0, 40)}…"`);
});
