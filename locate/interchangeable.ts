import type { ElementHandle } from 'playwright';
import { inPage } from '../core/in-page.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import type { Candidate } from './candidates.ts';
import type { Scored } from './pick.ts';

/**
 * Look-alikes that are one link repeated: the same markup (tag, attributes, text, so the same
 * target and the same way of opening it), a real target, in the same frame. A search
 * result listed under two headings, a "read more" link beside a title: acting on either does the
 * same, whatever list or region holds each, so a tie between them is no ambiguity: the one at the
 * recorded pick's place among those in the recorded region (the recorder's own choice among the
 * same look-alikes) is taken. Anything that differs in markup (another row's handler, another
 * record's target) keeps the tie, and so do repeats none of which is in the recorded region.
 */

/** Which of the look-alikes the recorded locator picked: an index (negative from the end), or none. */
export type RecordedPick = number | null;

/** The features that place an element where it acts: candidates differing here are not one link repeated. */
function placeKey(c: Candidate): string {
  const f = c.features;
  return JSON.stringify([c.framePath, f.shadowHosts, f.role, f.name, f.tag, f.hrefPath, f.visible]);
}

const regionKey = (landmarks: Fingerprint['landmarks']) => JSON.stringify(landmarks.map((l) => [l.role, l.name]));

/**
 * The candidate to act on when every one of `tied` is the same link repeated: the one at the
 * recorded pick's place among them in document order (the first without a pick, the last when the
 * pick lies beyond them); null when they are not interchangeable or could not be read.
 */
export async function interchangeablePick(tied: Scored<Candidate>[], pick: RecordedPick, recordedRegion: Fingerprint['landmarks']): Promise<Scored<Candidate> | null> {
  if (tied.length < 2 || tied.some((s) => s.agreement.contradictions.length || !s.agreement.acceptable)) return null;
  const key = placeKey(tied[0]!.item);
  if (!tied[0]!.item.features.name || !tied[0]!.item.features.hrefPath || tied.some((s) => placeKey(s.item) !== key)) return null;
  const handles: ElementHandle<Element>[] = [];
  try {
    for (const s of tied) {
      const handle = await s.item.locator.elementHandle({ timeout: 500 }).catch(() => null);
      if (!handle) return null;
      handles.push(handle as ElementHandle<Element>);
    }
    const read = await handles[0]!.evaluate(await inPage.fn('readLinks'), handles.slice(1)).catch(() => null);
    if (!read || read.some((r) => !r.link || r.markup !== read[0]!.markup) || new Set(read.map((r) => r.order)).size !== read.length) return null;
    // Among the repeats in the recorded region, in document order: a repeat elsewhere does the
    // same, but the recorder's pick counted the ones where it acted.
    const here = tied.map((s, i) => ({ s, order: read[i]!.order })).filter(({ s }) => regionKey(s.item.features.landmarks) === regionKey(recordedRegion)).sort((a, b) => a.order - b.order);
    if (!here.length) return null;
    const want = pick === null ? 0 : pick < 0 ? Math.max(0, here.length + pick) : Math.min(pick, here.length - 1);
    return here[want]!.s;
  } finally {
    await Promise.all(handles.map((h) => h.dispose().catch(() => undefined)));
  }
}
