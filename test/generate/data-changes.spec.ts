import { expect, test } from '@playwright/test';
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
