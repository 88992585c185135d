import { kTargetAttribute } from './snapshot-html.ts';

/**
 * Snapshots of one test that differ only in which element Playwright marked: a page that stayed as
 * it was over several calls. Each group is one document to show, in which member `i` (an index into
 * the documents given) marks its element with `markAttribute(i)`; showing a large app's page once
 * instead of once per call is most of what reading a passing test costs.
 */

/** The attribute that marks member `i`'s element in a group's document. */
export function markAttribute(i: number): string {
  return `__bu_mark_${i}`;
}

/** Where the document's one target mark is, or null when it has none or more than one. */
export function onlyMark(html: string): number | null {
  const mark = ` ${kTargetAttribute}`;
  const at = html.indexOf(mark);
  return at >= 0 && html.indexOf(mark, at + mark.length) < 0 ? at : null;
}

export interface MarkedDocument {
  html: string;
  /** What else must agree for two documents to be shown as one (their address, their viewport). */
  context: string;
}

export interface MarkGroup {
  html: string;
  /** Indexes of the documents given, in their order. */
  members: number[];
}

/** Groups `documents` (each with exactly one mark, see onlyMark) that are the same page but for their mark. */
export function marksTogether(documents: readonly MarkedDocument[]): MarkGroup[] {
  const mark = ` ${kTargetAttribute}`;
  const groups = new Map<string, { without: string; at: { member: number; at: number }[] }>();
  for (const [member, document] of documents.entries()) {
    const at = onlyMark(document.html);
    if (at === null) throw new Error(`document ${member} does not mark exactly one element`);
    const without = document.html.slice(0, at) + document.html.slice(at + mark.length);
    const key = `${document.context}\u0000${without}`;
    const group = groups.get(key) ?? { without, at: [] };
    group.at.push({ member, at });
    groups.set(key, group);
  }
  return [...groups.values()].map(({ without, at }) => {
    // Inserted from the end, so each place is still where it was in the unmarked document.
    let html = without;
    for (const { member, at: place } of [...at].sort((a, b) => b.at - a.at || b.member - a.member)) html = `${html.slice(0, place)} ${markAttribute(member)}${html.slice(place)}`;
    return { html, members: at.map((a) => a.member) };
  });
}
