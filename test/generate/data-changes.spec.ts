import { expect, test } from '../support/fixtures.ts';
import type { Fingerprint } from '../../core/schema/history.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import { fp, history, kOrigin, state } from '../../harness/generate/fixtures.ts';

/**
 * A flow that submits a form which posts (an edit saved, a record created) changes the app's data,
 * whatever its button says and its fields are called, and its spec is tagged so. Signing in posts
 * too, and changes nothing: it is known by what it did (it asked who and what secret, and let the
 * run in), not by a password field.
 */

function changesOf(target: Fingerprint): string[] {
  const h = history('script-1700000000077', [
    { action: 'click', params: {}, fingerprint: target, pre: state('/settings'), post: state('/settings?saved=1'), locator: { code: `getByRole('button', { name: '${target.name}' })`, matches: 1 } },
  ]);
  const model = buildPageModel([{ sessionId: h.sessionId, historyPath: `history/${h.sessionId}.json`, history: h, snapshots: [] }]);
  return model.flows[0]!.changes;
}

const submit = (name: string, method: string, fields: string[]): Fingerprint =>
  fp({ role: 'button', name, type: 'submit', form: { action: '/settings', method, fields, unnamedSubmits: 1 } });

test('a click that submits a form which posts changes data, whatever its fields are called; a search or a plain button does not', () => {
  expect(changesOf(submit('Save page', 'post', ['summary', 'text']))).toEqual(['submits “Save page”']);
  // A password among the fields says nothing of what the form does: this one stayed on its page.
  expect(changesOf(submit('Update', 'post', ['account', 'smtp_password']))).toEqual(['submits “Update”']);
  expect(changesOf(submit('Search', 'get', ['q']))).toEqual([]);
  expect(changesOf(fp({ role: 'button', name: 'Preview' }))).toEqual([]);
  // A destructive caption says what it does already: said once.
  expect(changesOf(submit('Delete', 'post', ['id']))).toEqual(['clicks “Delete”']);
});

test('what the actions asked the server to change says a flow changes data: a switch that posts JSON; not what the page sends on its own, nor a sign-in', () => {
  const toggle = fp({ role: 'switch', name: 'Auto-connect' });
  const signIn = fp({ role: 'button', name: 'Connect' });
  const h = history('script-1700000000078', [
    { action: 'input', params: { text: '{{secret:PASSWORD}}' }, fingerprint: fp({ role: 'textbox', name: 'Password' }), pre: state('/'), post: state('/'), sends: ['POST /json'] },
    { action: 'click', params: {}, fingerprint: signIn, pre: state('/'), post: state('/ui'), sends: ['POST /json', 'POST /auth'] },
    // The page polls while a check reads it: its poll is no change.
    { action: 'expect_text', params: { text: 'Connected' }, fingerprint: null, pre: state('/ui'), post: state('/ui'), sends: ['POST /json'] },
    { action: 'click', params: {}, fingerprint: toggle, pre: state('/ui'), post: state('/ui'), sends: ['POST /json', 'PUT /api/settings'] },
  ]);
  const model = buildPageModel([{ sessionId: h.sessionId, historyPath: `history/${h.sessionId}.json`, history: h, snapshots: [] }]);
  expect(model.flows[0]!.changes).toEqual(['sends PUT /api/settings']);
  // Without the switch, nothing the flow sent changed data: the sign-in's requests do not count.
  const readOnly = history('script-1700000000079', h.steps.slice(0, 3));
  expect(buildPageModel([{ sessionId: readOnly.sessionId, historyPath: null, history: readOnly, snapshots: [] }]).flows[0]!.changes).toEqual([]);
});

type Steps = Parameters<typeof history>[1];

function changesOfRun(steps: Steps, startUrl = `${kOrigin}/login`): string[] {
  const h = history('script-1700000000080', steps, { startUrl });
  return buildPageModel([{ sessionId: h.sessionId, historyPath: null, history: h, snapshots: [] }]).flows[0]!.changes;
}

const field = (name: string, type: string | null = null): Fingerprint => fp({ role: 'textbox', name, tag: 'input', type, cssPath: `#${name.replace(/\W/g, '')}` });
const typeInto = (name: string, text: string, at: string, type: string | null = null): Steps[number] =>
  ({ action: 'input', params: { text }, fingerprint: field(name, type), pre: state(at, 'Form', 'Form'), post: state(at, 'Form', 'Form') });
const submitOn = (name: string, fields: string[], at: string, to: string, heading: string | null = 'Form'): Steps[number] => ({
  action: 'click', params: {}, fingerprint: fp({ role: 'button', name, type: 'submit', form: { action: at, method: 'post', fields, unnamedSubmits: 0 } }),
  pre: state(at, 'Form', 'Form'), post: state(to, 'Next', heading), sends: [`POST ${at}`],
});

/** Sent to the sign-in form by the page it asked for, signed in, and let back in. */
const signIn: Steps = [
  { action: 'navigate', params: { url: `${kOrigin}/console/` }, pre: state('/start', 'Start', null), post: state('/auth', 'Form', 'Form') },
  typeInto('Who', 'editor', '/auth'),
  typeInto('Secret', '{{secret:PASSWORD}}', '/auth', 'password'),
  submitOn('Continue', ['f1', 'f2'], '/auth', '/console/', 'Overview'),
];

test('a sign-in is what let the run in: it changes no data, and a flow of a sign-in alone stays untagged', () => {
  expect(changesOfRun(signIn)).toEqual([]);
  // Without the redirect to tell it, the form still asked only who and what secret, and was left for another page.
  expect(changesOfRun(signIn.slice(1))).toEqual([]);
  // Signed out and in again on the same form: a sign-in again.
  expect(changesOfRun([...signIn, { action: 'click', params: {}, fingerprint: fp({ role: 'link', name: 'Leave' }), pre: state('/console/', 'Next', 'Overview'), post: state('/auth', 'Form', 'Form') }, ...signIn.slice(1)])).toEqual([]);
  // A sign-in asking three things (a workspace too) that led back to the page the run was sent away from.
  const three = [signIn[0]!, typeInto('Space', 'north', '/auth'), ...signIn.slice(1)];
  expect(changesOfRun(three)).toEqual([]);
  // The same form without the redirect: more than a sign-in asks, so a record it may create.
  expect(changesOfRun(three.slice(1))).toEqual(['submits “Continue”']);
});

test('a form with a password field that creates a record changes data: after a sign-in, on a session the run started with, or refused', () => {
  const addPerson = (at: string): Steps => [
    typeInto('Handle', 'ann', at),
    typeInto('Mail', 'ann@example.test', at),
    typeInto('Secret', '{{secret:NEW_PASSWORD}}', at, 'password'),
    submitOn('Create', ['a', 'b', 'c'], at, '/people', 'People'),
  ];
  // Signed in first: a second form that asks a password sets one.
  expect(changesOfRun([...signIn, ...addPerson('/people/new')])).toEqual(['submits “Create”']);
  // A run that started signed in: three things asked, no page it was sent away from.
  expect(changesOfRun(addPerson('/people/new'), `${kOrigin}/people/new`)).toEqual(['submits “Create”']);
  // Even a minimal one (a handle and a password) once a session is open.
  expect(changesOfRun([...signIn, typeInto('Handle', 'bo', '/people/new'), typeInto('Secret', '{{secret:NEW_PASSWORD}}', '/people/new', 'password'), submitOn('Create', ['a', 'b'], '/people/new', '/people', 'People')])).toEqual(['submits “Create”']);
  // A password change: three secrets on one form.
  expect(changesOfRun([
    typeInto('Current', '{{secret:OLD}}', '/account', 'password'), typeInto('New', '{{secret:NEW}}', '/account', 'password'), typeInto('Again', '{{secret:NEW}}', '/account', 'password'),
    submitOn('Apply', ['x', 'y', 'z'], '/account', '/account', 'Form'),
  ], `${kOrigin}/account`)).toEqual(['submits “Apply”']);
  // A form the page showed again: nothing says a session started.
  expect(changesOfRun([signIn[1]!, signIn[2]!, submitOn('Continue', ['f1', 'f2'], '/auth', '/auth', 'Form')])).toEqual(['submits “Continue”']);
});

test('the requests of a form that creates a user count, where a sign-in\'s do not', () => {
  const withSends = (s: Steps[number], sends: string[]): Steps[number] => ({ ...s, fingerprint: fp({ role: 'button', name: 'Go' }), sends });
  const people: Steps = [
    typeInto('Handle', 'ann', '/people/new'), typeInto('Mail', 'ann@example.test', '/people/new'), typeInto('Secret', '{{secret:NEW_PASSWORD}}', '/people/new', 'password'),
    withSends(submitOn('Go', [], '/people/new', '/people', 'People'), ['POST /api/people']),
  ];
  expect(changesOfRun([...signIn.slice(0, 3), withSends(signIn[3]!, ['POST /api/session']), ...people])).toEqual(['sends POST /api/people']);
  expect(changesOfRun([...signIn.slice(0, 3), withSends(signIn[3]!, ['POST /api/session'])])).toEqual([]);
});
