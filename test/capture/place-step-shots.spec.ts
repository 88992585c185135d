import { expect, test } from '../support/fixtures.ts';
import { placeStepShots, type StepShot } from '../../capture/record/place-step-shots.ts';

/** Where capture's own step screenshots land in a trace: pure, over hand-written trace lines. */

const page = 'page@1';

function before(callId: string, startTime: number, extra: Record<string, unknown> = {}) {
  return { type: 'before', callId, startTime, class: 'Frame', method: 'click', params: {}, ...extra };
}
const group = (callId: string, startTime: number) => before(callId, startTime, { class: 'Tracing', method: 'tracingGroup', title: `bu step ${callId}` });
const after = (callId: string, endTime: number) => ({ type: 'after', callId, endTime });
/** The per-action DOM snapshot that marks a call Playwright pictures, and names its page. */
const snapshot = (callId: string, phase = 'after') => ({ type: 'frame-snapshot', snapshot: { callId, phase, pageId: page, frameId: 'frame@1' } });
const aria = (callId: string) => ({ type: 'aria-snapshot', callId, phase: 'after', pageId: page, timestamp: 0, file: `aria/${callId}-after.json` });
const text = (events: unknown[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';
const placed = (events: unknown[], shots: StepShot[]) => placeStepShots(text(events), shots);

const trace = [
  { type: 'context-options', wallTime: 1, monotonicTime: 0 },
  before('goto', 10, { method: 'goto' }), snapshot('goto', 'before'), after('goto', 20), snapshot('goto'),
  group('g1', 30),
  before('fill', 31, { parentId: 'g1', method: 'fill' }), after('fill', 40), aria('fill'),
  // A dialog accepted during the step: a call Playwright takes no snapshot of.
  before('accept', 41, { parentId: 'g1', class: 'Dialog', method: 'accept' }), after('accept', 45),
  group('g2', 50),
  before('click1', 51, { parentId: 'g2' }), after('click1', 60), snapshot('click1'),
  before('click2', 61, { parentId: 'g2' }), after('click2', 70), snapshot('click2'),
  group('g3', 80),
  // A step that traced nothing Playwright pictures (a read).
  before('title', 81, { parentId: 'g3', method: 'title' }), after('title', 82),
  // Outside any group after step 3: a tab reopened.
  before('reopen', 90, { method: 'goto' }), after('reopen', 95), snapshot('reopen'),
  group('g4', 100),
  before('press', 101, { parentId: 'g4', method: 'press' }), after('press', 105), snapshot('press'),
  { type: 'screenshot', callId: 'press', phase: 'after', pageId: page, timestamp: 105, file: 'screenshots/press-after.png' },
];

test('a shot goes to the last pictured call of its step, or of the calls outside a group at its moment', () => {
  const shots: StepShot[] = [
    { file: 'screenshots/s-1.jpeg', group: 0, inGroup: false },
    { file: 'screenshots/s-2.jpeg', group: 1, inGroup: true },
    { file: 'screenshots/s-3.jpeg', group: 2, inGroup: true },
    { file: 'screenshots/s-4.jpeg', group: 3, inGroup: false },
  ];
  expect(placed(trace, shots)).toEqual([
    { type: 'screenshot', callId: 'goto', phase: 'after', pageId: page, timestamp: 20, file: 'screenshots/s-1.jpeg' },
    // The fill, not the dialog accepted after it: Playwright takes no snapshot of the latter.
    { type: 'screenshot', callId: 'fill', phase: 'after', pageId: page, timestamp: 40, file: 'screenshots/s-2.jpeg' },
    { type: 'screenshot', callId: 'click2', phase: 'after', pageId: page, timestamp: 70, file: 'screenshots/s-3.jpeg' },
    { type: 'screenshot', callId: 'reopen', phase: 'after', pageId: page, timestamp: 95, file: 'screenshots/s-4.jpeg' },
  ]);
});

test('a shot with nothing pictured to go to, or whose call has its after screenshot already, is left out', () => {
  expect(placed(trace, [
    // Step 3 traced only a read.
    { file: 'screenshots/s-3.jpeg', group: 3, inGroup: true },
    // Step 4's press has Playwright's own.
    { file: 'screenshots/s-4.jpeg', group: 4, inGroup: true },
    // A group the trace does not have (its group call failed).
    { file: 'screenshots/s-9.jpeg', group: 9, inGroup: true },
  ])).toEqual([]);
  // Two shots for one call: the first keeps it.
  expect(placed(trace, [{ file: 'screenshots/a.jpeg', group: 2, inGroup: true }, { file: 'screenshots/b.jpeg', group: 2, inGroup: true }]).map((e) => e.file)).toEqual(['screenshots/a.jpeg']);
});

test('a call cut short (no after event) and lines that do not parse are passed over', () => {
  const cut = [group('g1', 1), before('click', 2, { parentId: 'g1' }), snapshot('click', 'before'), '{"type":"after","callId":'];
  expect(placeStepShots(cut.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n'), [{ file: 'screenshots/x.jpeg', group: 1, inGroup: true }])).toEqual([]);
});
