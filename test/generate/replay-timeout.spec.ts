import { expect, test } from '../support/fixtures.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { replayTimeout } from '../../generate/emit/replay-timeout.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import type { RunInput } from '../../generate/model/inputs.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { fp, history, state } from '../../harness/generate/fixtures.ts';
import { kFindTimeoutMs } from '../../locate/cascade.ts';

/**
 * A generated replay spec sets its test's timeout from the history it replays: the recorded time
 * of its steps, a slower machine, and each element found again by the rematch cascade when it
 * moved. A long flow that heals gets the time it needs instead of Playwright's default 30 s.
 */

const save = fp({ role: 'button', name: 'Save', tag: 'button' });
const saveLocator = { code: "getByRole('button', { name: 'Save' })", matches: 1 };

function longRun(clicks: number, durationMs: number): RunInput {
  const click = { action: 'click' as const, params: {}, fingerprint: save, locator: saveLocator, pre: state('/items'), post: state('/items'), durationMs };
  const h = history('script-1700000000088', [
    { action: 'navigate', params: { url: 'http://127.0.0.1:4100/items' }, pre: state('/'), post: state('/items'), durationMs },
    ...Array.from({ length: clicks }, () => click),
  ]);
  return { sessionId: h.sessionId, historyPath: `history/${h.sessionId}.json`, history: h, snapshots: [] };
}

function replaySpecOf(input: RunInput): string {
  const model = buildPageModel([input]);
  const files = emitAll(model, assignNames(model, null), { histories: new Map([[input.sessionId, { text: '{}', steps: input.history.steps }]]) });
  return files.find((f) => f.file.startsWith('tests/replay-'))!.text;
}

test('the timeout grows with the recorded time and with every element the replay finds again', () => {
  const short = replayTimeout(longRun(2, 100).history.steps);
  const slower = replayTimeout(longRun(2, 5_000).history.steps);
  const longer = replayTimeout(longRun(40, 100).history.steps);
  expect(short.timeoutMs).toBe(30_000);
  expect(slower.timeoutMs).toBeGreaterThan(short.timeoutMs + 3 * 5_000);
  // Forty steps that may each need the whole rematch cascade: well past Playwright's default.
  expect(longer.timeoutMs).toBeGreaterThanOrEqual(40 * kFindTimeoutMs);
  expect(longer.timeoutMs % 10_000).toBe(0);
  expect(longer).toMatchObject({ steps: 41, recordedMs: 4_100 });
});

test('steps that failed when recorded are not replayed and add nothing', () => {
  const steps = longRun(40, 100).history.steps;
  const failed = steps.map((step, i) => (i > 0 ? { ...step, ok: false } : step));
  expect(replayTimeout(failed)).toEqual({ timeoutMs: 30_000, steps: 1, recordedMs: 100 });
});

test('the replay spec sets the timeout before it replays, saying what it comes from', () => {
  const input = longRun(40, 100);
  const spec = replaySpecOf(input);
  const { timeoutMs } = replayTimeout(input.history.steps);
  const set = spec.indexOf(`test.setTimeout(${String(timeoutMs).replace(/000$/, '_000')});`);
  expect(set, spec).toBeGreaterThan(0);
  expect(spec.indexOf('// 41 recorded steps took 4.1 s: room for a slower machine and for finding moved elements again.')).toBeLessThan(set);
  expect(spec.indexOf('await replayHistory(page, history')).toBeGreaterThan(set);
});
