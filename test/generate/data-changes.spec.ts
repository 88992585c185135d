import { expect, test } from '../support/fixtures.ts';
import type { Fingerprint } from '../../core/schema/history.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import { fp, history, state } from '../../harness/generate/fixtures.ts';

/**
 * A flow that submits a form which posts (an edit saved, a record created) changes the app's data,
 * whatever its button says, and its spec is tagged so: signing in posts too, and changes nothing.
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

test('a click that submits a form which posts changes data; a sign-in, a search or a plain button does not', () => {
  expect(changesOf(submit('Save page', 'post', ['summary', 'text']))).toEqual(['submits “Save page”']);
  expect(changesOf(submit('Log in', 'post', ['wpName', 'wpPassword', 'wpRemember']))).toEqual([]);
  expect(changesOf(submit('Sign in', 'post', ['email', 'passwd']))).toEqual([]);
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
