/**
 * A readable line diff of two aria snapshots: which nodes appeared and which went away. Refs and
 * cursor markers are dropped first so only real changes show.
 */

export type DiffLine = { op: 'same' | 'add' | 'del'; text: string };

/** Above this many lines on either side, fall back to set difference (LCS is quadratic). */
const kMaxLcsLines = 2_000;

function clean(snapshot: string): string[] {
  return snapshot
    .split('\n')
    .map((line) => line.replace(/\s\[(?:ref|cursor|active|box)=?[^\]]*\]/g, '').trimEnd())
    .filter((line) => line.trim() !== '');
}

export function diffLines(before: string, after: string): DiffLine[] {
  const a = clean(before);
  const b = clean(after);
  if (a.length > kMaxLcsLines || b.length > kMaxLcsLines) {
    const inB = new Set(b);
    const inA = new Set(a);
    return [
      ...a.filter((l) => !inB.has(l)).map((text) => ({ op: 'del' as const, text })),
      ...b.filter((l) => !inA.has(l)).map((text) => ({ op: 'add' as const, text })),
    ];
  }
  // Classic LCS table, then walk it to emit the diff in order.
  const lcs: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out.push({ op: 'del', text: a[i++]! });
    } else {
      out.push({ op: 'add', text: b[j++]! });
    }
  }
  while (i < a.length) out.push({ op: 'del', text: a[i++]! });
  while (j < b.length) out.push({ op: 'add', text: b[j++]! });
  return out;
}

/** Keeps changed lines with `context` unchanged lines around them; elided runs become one marker. */
export function compactDiff(lines: DiffLine[], context = 2): (DiffLine | { op: 'skip'; count: number })[] {
  const keep = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.op === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) keep[k] = true;
  });
  const out: (DiffLine | { op: 'skip'; count: number })[] = [];
  let skipped = 0;
  lines.forEach((line, index) => {
    if (keep[index]) {
      if (skipped) out.push({ op: 'skip', count: skipped });
      skipped = 0;
      out.push(line);
    } else skipped++;
  });
  if (skipped) out.push({ op: 'skip', count: skipped });
  return out;
}
