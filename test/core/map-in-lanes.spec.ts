import { expect, test } from '../support/fixtures.ts';
import { mapInLanes } from '../../core/map-in-lanes.ts';

/**
 * mapInLanes: at most `lanes` items in flight, each started only when a lane frees (so a time
 * limit an item counts from its own start is its own, not spent queued behind the others), and
 * the results in the items' order whatever order they end in.
 */

test('at most the lanes in flight, each item started when a lane frees, results in the items\' order', async () => {
  let inFlight = 0;
  let most = 0;
  const started: number[] = [];
  const release = new Map<number, () => void>();
  const run = mapInLanes([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3, async (item) => {
    started.push(item);
    most = Math.max(most, ++inFlight);
    await new Promise<void>((done) => release.set(item, done));
    inFlight--;
    return item * 10;
  });
  const settle = () => new Promise((done) => setImmediate(done));
  await settle();
  // Three lanes: the first three started, nothing else queued into them.
  expect(started).toEqual([0, 1, 2]);
  // The slow first item holds one lane; the others go on through the two left.
  for (const item of [2, 1, 3, 4, 5, 6, 7, 8, 9]) {
    release.get(item)?.();
    await settle();
  }
  expect(started.slice(0, 4)).toEqual([0, 1, 2, 3]);
  expect(started).toHaveLength(10);
  release.get(0)!();
  expect(await run).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
  expect(most).toBe(3);
});

test('fewer items than lanes, and none', async () => {
  expect(await mapInLanes(['a', 'b'], 8, async (s) => s.toUpperCase())).toEqual(['A', 'B']);
  expect(await mapInLanes([], 8, async (s: string) => s)).toEqual([]);
});
