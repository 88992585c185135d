import { expect, test } from '../support/fixtures.ts';
import { clockQueryKeys, clockShapes, holdsClock } from '../../core/volatile/clock-values.ts';
import { changedShapes, steadyElement, steadyParts, steadyText, wordShape } from '../../core/volatile/steady-text.ts';

/** What holds on no other run: words a page changes by itself, values that hold the recorder's clock. No browser. */

test('a word that changed by itself is kept as its shape; text that only came or went is no change', () => {
  expect(wordShape('14:38:17')).toBe('#:#:#');
  expect(wordShape('(573ms')).toBe('#ms');
  expect(wordShape('Tomato')).toBeNull();
  expect(changedShapes('updated 14:38:17', 'updated 14:38:18')).toEqual(['#:#:#']);
  expect(changedShapes('up 573ms ago', 'up 1.2s ago').sort()).toEqual(['#.#s', '#ms']);
  // Content arriving (a list filled in after load) or words without figures are not clocks.
  expect(changedShapes('', 'Tomato 3 beds')).toEqual([]);
  expect(changedShapes('Loading', 'Tomato')).toEqual([]);
  // The same words in another order (a list re-rendered) changed nothing.
  expect(changedShapes('a 1 b 2', 'b 2 a 1')).toEqual([]);
});

test('a steady text sets aside every word of a volatile shape, whatever its value; the parts around it must still be there', () => {
  const shapes = ['#:#:#', '#ms'];
  expect(steadyText('job-7 last run 14:38:17 took 40ms', shapes)).toBe('job-7 last run # took #');
  expect(steadyText('job-7 last run 09:02:55 took 125ms', shapes)).toBe('job-7 last run # took #');
  // A figure of another shape is data (a job number, a count).
  expect(steadyText('3 jobs', shapes)).toBe('3 jobs');
  expect(steadyText('anything', undefined)).toBe('anything');
  expect(steadyParts('job-7 last run # took #')).toEqual(['job-7 last run', 'took']);
  expect(steadyParts('plain text')).toEqual(['plain text']);
  const row = { name: 'Run 14:38:17', text: null, nearbyText: null, container: { text: 'nightly 14:38:17' } };
  expect(steadyElement(row, shapes)).toEqual({ name: 'Run #', text: null, nearbyText: null, container: { text: 'nightly #' } });
});

test('a value holds the clock when it is the recorder\'s time, not when it merely looks like a time', () => {
  const at = new Date('2026-11-28T06:38:40Z');
  expect(holdsClock('2026-11-28 06:38:17', at)).toBe(true);
  expect(holdsClock('2026-11-28T06:38:17.120Z', at)).toBe(true);
  expect(holdsClock(String(Math.floor(at.getTime() / 1000) - 30), at)).toBe(true);
  expect(holdsClock(String(at.getTime() - 5000), at)).toBe(true);
  expect(holdsClock('2026-11-28', at)).toBe(true);
  // Another day, another hour, a number that is no epoch of now: data.
  expect(holdsClock('2024-03-01', at)).toBe(false);
  expect(holdsClock('2026-11-28 01:00:00', at)).toBe(false);
  expect(holdsClock('1234567890', at)).toBe(false);
  expect(holdsClock('42', at)).toBe(false);
  expect(clockQueryKeys('http://h/graph?g0.expr=up&g0.moment_input=2026-11-28%2006%3A38%3A17&g0.range=1h', at)).toEqual(['g0.moment_input']);
  expect(clockQueryKeys('http://h/items?page=2', at)).toEqual([]);
  expect(clockShapes('Last updated 2026-11-28 06:38:17', at).sort()).toEqual(['#-#-#', '#:#:#']);
  expect(clockShapes('Released 2024-03-01', at)).toEqual([]);
});
