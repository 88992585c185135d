import { expect, test } from '../support/fixtures.ts';
import fc from 'fast-check';
import { kEventSchemas } from '../../extract/records/events.ts';
import { compileAccept } from '../../extract/records/fast-accept.ts';

/** The quick check compiled from each event schema only ever says yes where the schema does. */

const kAccepts = Object.fromEntries(Object.entries(kEventSchemas).map(([type, schema]) => [type, compileAccept(schema)]));

const kWellFormed: Record<string, unknown>[] = [
  { type: 'before', callId: 'call@1', startTime: 1, class: 'Frame', method: 'click', params: { selector: 'a', strict: true }, parentId: 'call@0' },
  { type: 'after', callId: 'call@1', endTime: 2, error: { name: 'Error', message: 'x' } },
  { type: 'log', callId: 'call@1', time: 1, message: 'waiting' },
  { type: 'input', callId: 'call@1', point: { x: 1, y: 2 }, box: { x: 0, y: 0, width: 1, height: 1 } },
  { type: 'screencast-frame', pageId: 'page@1', file: 'a.jpeg', timestamp: 3, width: 1 },
  { type: 'aria-snapshot', callId: 'call@1', phase: 'after', timestamp: 1, file: 'aria/a.json' },
  { type: 'frame-snapshot', snapshot: { callId: 'c', pageId: 'p', frameId: 'f', frameUrl: 'u', html: ['HTML', {}] } },
  { type: 'resource-snapshot', snapshot: { request: { method: 'GET', url: 'u' }, response: { status: 200 }, timings: { send: 1 } } },
  { type: 'console', time: 1, messageType: 'log', text: 'hi', args: [] },
  { type: 'event', time: 1, class: 'Page', method: 'navigated', params: { url: 'u' } },
];

test('well-formed events take the quick path', () => {
  for (const event of kWellFormed) {
    expect(kAccepts[event.type as string]!(event), JSON.stringify(event)).toBe(true);
    expect(kEventSchemas[event.type as string]!.safeParse(event).success).toBe(true);
  }
});

test('what the quick check does not model goes to the schema', () => {
  // `.int()` is a check: context-options always runs its schema.
  expect(kAccepts['context-options']!({ type: 'context-options', version: 10 })).toBe(false);
  // Keys the schema would drop or refuse.
  expect(kAccepts.before!(JSON.parse('{"type":"before","callId":"c","startTime":1,"class":"F","method":"m","params":{"__proto__":{"x":1}}}'))).toBe(false);
  expect(kAccepts.before!({ type: 'before', callId: 'c', startTime: 1, class: 'F', method: 'm', params: { constructor: {} } })).toBe(false);
  expect(kAccepts.log!({ type: 'log', callId: 'c', time: Number.NaN, message: '' })).toBe(false);
  expect(kAccepts.log!({ type: 'log', callId: 'c', time: 1 })).toBe(false);
  expect(kAccepts['aria-snapshot']!({ type: 'aria-snapshot', callId: 'c', phase: 'later', timestamp: 1, file: 'f' })).toBe(false);
});

test('a yes from the quick check is a yes from the schema with the same fields, for arbitrary values', () => {
  const types = Object.keys(kEventSchemas);
  const mutate = (event: Record<string, unknown>) =>
    fc.record({ key: fc.constantFrom(...Object.keys(event), 'extra'), value: fc.jsonValue() }).map(({ key, value }) => ({ ...event, [key]: value }));
  const events = fc.oneof(
    fc.constantFrom(...kWellFormed).chain(mutate),
    fc.record({ type: fc.constantFrom(...types) }, { requiredKeys: [] }).chain((e) => fc.dictionary(fc.string(), fc.jsonValue()).map((d) => ({ ...d, ...e }))),
  );
  fc.assert(fc.property(events, (event) => {
    const type = typeof event.type === 'string' && Object.hasOwn(kAccepts, event.type) ? event.type : 'before';
    if (!kAccepts[type]!(event)) return;
    // Accepted as it is: the schema accepts it too, and its output holds the same fields.
    const parsed = kEventSchemas[type]!.safeParse(event);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(event);
  }), { numRuns: 2000 });
});
