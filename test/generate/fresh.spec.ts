import { expect, test } from '../support/fixtures.ts';
import type { Flow, FlowStep } from '../../core/schema/page-model.ts';
import { freshenCreatedValues } from '../../generate/model/fresh.ts';
import { fp, step } from '../../harness/generate/fixtures.ts';

/**
 * Values a flow creates records with become fresh variables, and so do the item keys that find
 * those records: whole when the key is the value, and never by a part of a key that an element
 * must show whole (a link showing an address made from the value, in another item).
 */

const typeName = step(0, { action: 'input', params: { text: 'ann', clear: true }, fingerprint: fp({ role: 'textbox', name: 'Username', tag: 'input', type: 'text' }) });
const after = { page: '/', url: './', title: 'Collections', heading: null };

function flowWith(...steps: FlowStep[]): Flow {
  return { sessionId: 's', startUrl: 'http://127.0.0.1:1/', history: null, secrets: [], variables: {}, steps, outcomes: [], fresh: [], changes: [] };
}

function clickIn(key: string): FlowStep {
  return { kind: 'interact', page: '/', interaction: 'click:listitem > link', values: [], item: { kind: 'literal', value: key }, after };
}

test('a key an element must show whole that only contains a typed value stays as recorded', () => {
  const inAddress = clickIn('http://127.0.0.1:1/ann/0f3c/');
  const flow = freshenCreatedValues(flowWith(inAddress), [typeName], new Set([inAddress]));
  expect(flow.steps[0]).toMatchObject({ item: { kind: 'literal', value: 'http://127.0.0.1:1/ann/0f3c/' } });
  expect(flow.fresh).toEqual([]);
});

test('a key that is the typed value, or a prefix of the item text holding it, becomes the variable', () => {
  const whole = clickIn('ann');
  const prefix = clickIn('ann (admin) 3 calendars');
  const flow = freshenCreatedValues(flowWith(whole, prefix), [typeName], new Set([whole]));
  expect(flow.fresh).toEqual(['USERNAME']);
  expect(flow.steps.map((s) => (s.kind === 'interact' ? s.item : null))).toEqual([
    { kind: 'var', name: 'USERNAME', recorded: 'ann' }, { kind: 'var', name: 'USERNAME', recorded: 'ann' },
  ]);
});

test('a value that is only part of a checked text or of an element name stays as recorded', () => {
  const key = clickIn('ann');
  const check: FlowStep = { kind: 'expect', page: '/', check: { assert: 'text', element: 'heading:Delete ann?', text: { kind: 'literal', value: 'Delete ann?' }, exact: false }, item: null, after };
  const flow = freshenCreatedValues(flowWith(key, check), [typeName], new Set([key]));
  expect(flow.fresh).toEqual([]);
  expect(flow.steps).toEqual([key, check]);
});
