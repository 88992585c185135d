/**
 * Structural similarity of two elements from their positional paths: the tags from the root
 * down (`/html[1]/body[1]/main[1]/ul[1]/li[3]/button[2]` -> html body main ul li button), compared
 * by their longest common subsequence, as Healenium compares node paths. Indices are dropped, so
 * a reordered list keeps its shape; an added wrapper costs one tag, not the whole path.
 */

export function tagPath(xpath: string): string[] {
  return xpath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/\[\d+\]$/, '').toLowerCase());
}

function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, () => 0);
  for (const x of a) {
    const current = Array.from({ length: b.length + 1 }, () => 0);
    for (let j = 1; j <= b.length; j++) current[j] = x === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    previous = current;
  }
  return previous[b.length]!;
}

/** 0..1: twice the common subsequence over the total length (1 for the same tag path). */
export function structureSimilarity(recordedXpath: string, liveXpath: string): number {
  const a = tagPath(recordedXpath);
  const b = tagPath(liveXpath);
  if (!a.length || !b.length) return 0;
  return (2 * lcsLength(a, b)) / (a.length + b.length);
}
