/**
 * Edits of one file, each computed against the text the failing run ran (heal never reads a
 * position from a file it already changed), applied together: a heal that collapses a chain
 * written over three lines moves nothing another test's heal points at. Identical edits (two tests
 * through one field) count once; two different edits of overlapping code are a conflict, and
 * neither test's edits are applied.
 */

export interface FileEdit {
  start: number;
  end: number;
  text: string;
  /** The test that asked for it. */
  owner: string;
}

export interface AppliedEdits {
  text: string;
  /** Each edit applied (identical ones once), with where its text starts in the new text. */
  applied: (FileEdit & { at: number })[];
  /** Tests whose edits overlap another test's different edit: none of their edits is applied. */
  conflicting: Set<string>;
}

/** Where `offset` of the text before the edits is in the text after them (an offset inside an edit goes to its start). */
export function shifted(offset: number, applied: readonly FileEdit[]): number {
  let delta = 0;
  for (const edit of applied) {
    if (edit.end <= offset && edit.start < offset) delta += edit.text.length - (edit.end - edit.start);
    else if (edit.start < offset && offset < edit.end) return edit.start + delta;
  }
  return offset + delta;
}

export function applyEdits(text: string, edits: readonly FileEdit[]): AppliedEdits {
  const conflicting = new Set<string>();
  for (const a of edits) {
    for (const b of edits) {
      if (a === b || (a.start === b.start && a.end === b.end && a.text === b.text)) continue;
      if (a.start < b.end && b.start < a.end) conflicting.add(a.owner).add(b.owner);
    }
  }
  const unique: FileEdit[] = [];
  for (const edit of edits) {
    if (conflicting.has(edit.owner)) continue;
    if (!unique.some((u) => u.start === edit.start && u.end === edit.end && u.text === edit.text)) unique.push(edit);
  }
  unique.sort((a, b) => a.start - b.start);
  let out = '';
  let from = 0;
  const applied: AppliedEdits['applied'] = [];
  for (const edit of unique) {
    out += text.slice(from, edit.start);
    applied.push({ ...edit, at: out.length });
    out += edit.text;
    from = edit.end;
  }
  out += text.slice(from);
  return { text: out, applied, conflicting };
}
