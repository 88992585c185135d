/**
 * The one-to-one assignment of recorded elements (rows) to live elements (columns) that maximises
 * the total of their similarities: each recorded element takes at most one live element, each live
 * element is taken by at most one recorded element, and a pair whose similarity is null (a
 * contradiction) or not above zero is never made. Pure; the Hungarian method, in O(r²·c) for r
 * the shorter side and c the longer (a few recorded elements against tens of candidates).
 */

export interface Assignment {
  /** For each row, the column it takes, or null. */
  columnOf: (number | null)[];
  /** The sum of the similarities of the pairs made. */
  total: number;
}

type Values = readonly (readonly (number | null)[])[];

/** The similarity a pair brings to the total: nothing when it may not be made. */
function gainOf(values: Values, row: number, column: number): number {
  const value = values[row]?.[column];
  return value === null || value === undefined || value <= 0 ? 0 : value;
}

export function oneToOne(values: Values): Assignment {
  const rows = values.length;
  const columns = values.reduce((most, row) => Math.max(most, row.length), 0);
  if (rows === 0 || columns === 0) return { columnOf: Array.from({ length: rows }, () => null), total: 0 };
  // The method walks the shorter side: more rows than columns is the transposed problem.
  if (rows > columns) {
    const flipped = Array.from({ length: columns }, (_, j) => Array.from({ length: rows }, (_, i) => values[i]?.[j] ?? null));
    const byColumn = assignRows(flipped, columns, rows);
    const columnOf: (number | null)[] = Array.from({ length: rows }, () => null);
    byColumn.columnOf.forEach((row, column) => { if (row !== null) columnOf[row] = column; });
    return { columnOf, total: byColumn.total };
  }
  return assignRows(values, rows, columns);
}

/** The assignment for `rows` <= `columns`: each row is added in turn along a shortest augmenting path. */
function assignRows(values: Values, rows: number, columns: number): Assignment {
  // Minimises the cost (the gain negated) with row and column potentials; index 0 is the free slot.
  const rowPotential = new Float64Array(rows + 1);
  const columnPotential = new Float64Array(columns + 1);
  const rowOfColumn = new Int32Array(columns + 1);
  const previous = new Int32Array(columns + 1);
  const slack = new Float64Array(columns + 1);
  const visited = new Uint8Array(columns + 1);
  for (let row = 1; row <= rows; row++) {
    rowOfColumn[0] = row;
    let column = 0;
    slack.fill(Infinity);
    visited.fill(0);
    do {
      visited[column] = 1;
      const from = rowOfColumn[column]!;
      let delta = Infinity;
      let next = 0;
      for (let j = 1; j <= columns; j++) {
        if (visited[j]) continue;
        const reduced = -gainOf(values, from - 1, j - 1) - rowPotential[from]! - columnPotential[j]!;
        if (reduced < slack[j]!) {
          slack[j] = reduced;
          previous[j] = column;
        }
        if (slack[j]! < delta) {
          delta = slack[j]!;
          next = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (visited[j]) {
          rowPotential[rowOfColumn[j]!]! += delta;
          columnPotential[j]! -= delta;
        } else slack[j]! -= delta;
      }
      column = next;
    } while (rowOfColumn[column] !== 0);
    // Walks the augmenting path back, moving each row to the column it came from.
    do {
      const back = previous[column]!;
      rowOfColumn[column] = rowOfColumn[back]!;
      column = back;
    } while (column !== 0);
  }
  const columnOf: (number | null)[] = Array.from({ length: rows }, () => null);
  let total = 0;
  for (let j = 1; j <= columns; j++) {
    const row = rowOfColumn[j]! - 1;
    if (row < 0) continue;
    const gain = gainOf(values, row, j - 1);
    if (gain <= 0) continue;
    columnOf[row] = j - 1;
    total += gain;
  }
  return { columnOf, total };
}

/**
 * How much the best assignment loses when `row` may not take `column`: the margin by which that
 * pair is part of the page's best reading. Zero when the pair is not in it, or another reading is
 * as good.
 */
export function pairMargin(values: Values, best: Assignment, row: number, column: number): number {
  if (best.columnOf[row] !== column) return 0;
  const without = values.map((line, i) => (i === row ? line.map((v, j) => (j === column ? null : v)) : line));
  return best.total - oneToOne(without).total;
}
