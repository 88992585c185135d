import type { ElementIdentity } from '../fingerprint/probe.ts';
import { probeWithHeading } from './candidates.ts';
import { liveStateWithHeading } from './live-state.ts';
import { nativeOptions } from './native-options.ts';
import { probeElement } from './probe/probe.ts';

/**
 * Reads of elements at their recorded CSS paths, many in one evaluation (see locate/at-path.ts).
 * The readers are named here; a caller's own small reader comes as a function beside the reads.
 */

/** The readers a read names. */
export const kReaders = { probeWithHeading, nativeOptions, liveStateWithHeading };

export type ReaderName = keyof typeof kReaders;

export interface AtPathRead {
  cssPath: string;
  /** A reader of `kReaders`, or the index of one of the caller's own. */
  reader: ReaderName | number;
  arg: unknown;
  /** Read only while the element still is the one this describes (a read back after an action). */
  identity?: ElementIdentity;
}

/** Whether `el` is still the element `want` describes: its tag and identifying attributes, and the text of the row it sat in. */
function sameElement(el: Element, want: ElementIdentity): boolean {
  const same = el.tagName.toLowerCase() === want.tag && (el.id || null) === want.id && el.getAttribute('name') === want.nameAttr &&
    el.getAttribute('type') === want.type && (want.testIdAttribute === null || el.getAttribute(want.testIdAttribute) === want.testId);
  if (!same || want.rowText === null) return same;
  // The row's text is read with the probe that recorded it, only for an element that sat in one.
  const container = probeElement(el).container;
  return container !== null && container.text === want.rowText;
}

function readOne(read: AtPathRead, own: ((el: Element, arg: unknown) => unknown)[]): { value: unknown } | null {
  const els = document.querySelectorAll(read.cssPath);
  if (els.length !== 1) return null;
  const el = els[0]!;
  if (read.identity && !sameElement(el, read.identity)) return { value: null };
  const reader = typeof read.reader === 'number' ? own[read.reader]! : (kReaders[read.reader] as (el: Element) => unknown);
  const value = reader(el, read.arg);
  return { value: read.identity ? { read: value } : value };
}

/** Each read's value, or null when its path holds no element or several (or is no CSS path). */
export function readAtPaths(reads: AtPathRead[], own: ((el: Element, arg: unknown) => unknown)[] = []): ({ value: unknown } | null)[] {
  return reads.map((read) => {
    try {
      return readOne(read, own);
    } catch {
      return null;
    }
  });
}
