import type { DomProbe } from '../fingerprint/probe.ts';
import { centreHit, type CentreHit } from './centre-hit.ts';
import { probeElement } from './probe/probe.ts';

/**
 * The element's DOM probe, whether its document is the page's top one (a top-document element's
 * frame is the page's main frame, known without asking for the handle's frame, a round trip) and
 * what its centre reaches.
 */
export function probeInTop(el: Element): [DomProbe, boolean, CentreHit | null] {
  return [probeElement(el), el.ownerDocument.defaultView === window.top, centreHit(el)];
}
