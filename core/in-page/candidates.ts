import type { DomProbe } from '../fingerprint/probe.ts';
import { centreHit, type CentreHit } from './centre-hit.ts';
import { mainHeading } from './heading.ts';
import { nativeOptions } from './native-options.ts';
import { probeElement } from './probe/probe.ts';
import { visible } from './visible.ts';

export interface Probed {
  probe: DomProbe;
  visible: boolean;
}

export interface ProbedInFrame extends Probed {
  /** Which frame the element is in (see `framePath`). */
  frame: string;
}

/**
 * The element's frame as the indexes of each window among its parent's frames, from the top
 * (`0/1`): two frames with the same URL (two `about:srcdoc` frames) are told apart, across
 * origins too.
 */
export function framePath(): string {
  const path: number[] = [];
  for (let win: Window = window; win !== win.parent; win = win.parent) {
    let index = -1;
    for (let i = 0; i < win.parent.frames.length; i++) if (win.parent.frames[i] === win) index = i;
    path.unshift(index);
  }
  return path.join('/');
}

/** `probeElement` over many elements; null when there are more than `limit`. */
export function probeMany(els: Element[], limit: number): ProbedInFrame[] | null {
  if (els.length > limit) return null;
  const frame = framePath();
  return els.map((el) => ({ probe: probeElement(el), visible: visible(el), frame }));
}

/**
 * The DOM probe of the element at a path, and in the same evaluation the page's main heading, for
 * a native select its options' labels (what choosing one of them needs to know), and what a
 * pointer at its centre reaches (where a click would land, see centre-hit.ts).
 */
export interface ProbedWithHeading extends Probed {
  heading: string | null;
  options: string[] | null;
  centre: CentreHit | null;
}

export function probeWithHeading(el: Element): ProbedWithHeading {
  return { probe: probeElement(el), visible: visible(el), heading: mainHeading(), options: nativeOptions(el), centre: centreHit(el) };
}
