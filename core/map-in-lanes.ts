/**
 * `each` of `items` run at most `lanes` at a time, its results in the items' order: a lane takes
 * the next item as soon as its last one is done, so a slow item holds up one lane, not a batch.
 */
export async function mapInLanes<T, R>(items: readonly T[], lanes: number, each: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await each(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return out;
}
