type LineOp = { kind: ' ' | '-' | '+'; text: string; ai: number; bi: number };

/** The two texts' lines as kept, removed and added lines, by their longest common subsequence. */
function lineOps(before: string, after: string): LineOp[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // Longest common subsequence table, from the end: page objects and specs are small.
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => Array.from({ length: b.length + 1 }, () => 0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const ops: LineOp[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ kind: ' ', text: a[i]!, ai: i++, bi: j++ });
    else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: '-', text: a[i]!, ai: i++, bi: j });
    else ops.push({ kind: '+', text: b[j]!, ai: i, bi: j++ });
  }
  return ops;
}

/**
 * Where line `line` (1-based) of `before` is in `after`: the same line when it was kept, else the
 * line its change starts at (a removed or rewritten line has no place of its own).
 */
export function lineAfter(before: string, after: string, line: number): number {
  if (before === after) return line;
  const op = lineOps(before, after).find((o) => o.kind !== '+' && o.ai === line - 1);
  return op ? op.bi + 1 : line;
}

/** A unified diff of two texts, line by line, with `context` lines around each change (like `diff -u`). */
export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const ops = lineOps(before, after);
  const out = [`--- a/${file}`, `+++ b/${file}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.kind === ' ') {
      k++;
      continue;
    }
    const start = Math.max(0, k - context);
    let end = k;
    // Extend the hunk while changes are within 2 * context of each other.
    for (let n = k; n < ops.length; n++) {
      if (ops[n]!.kind !== ' ') end = n;
      else if (n - end > 2 * context) break;
    }
    const stop = Math.min(ops.length, end + context + 1);
    const hunk = ops.slice(start, stop);
    const aLen = hunk.filter((o) => o.kind !== '+').length;
    const bLen = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${hunk[0]!.ai + (aLen ? 1 : 0)},${aLen} +${hunk[0]!.bi + (bLen ? 1 : 0)},${bLen} @@`);
    for (const o of hunk) out.push(`${o.kind}${o.text}`);
    k = stop;
  }
  return out.join('\n') + '\n';
}
