import { attr, parentOf, textOf } from './dom.ts';

// Longer sibling text is a block of content, not a caption of this element.
const kMaxNearbyText = 60;

function isHeading(e: Element): boolean {
  return /^H[1-6]$/.test(e.tagName) || attr(e, 'role') === 'heading';
}

/**
 * The closest heading before the element in document order, searching outwards, and the first
 * short text of a sibling met on the way.
 */
export function nearbyOf(el: Element): { nearbyHeading: string | null; nearbyText: string | null } {
  let nearbyText: string | null = null;
  for (let cur: Element | null = el; cur; cur = parentOf(cur)) {
    for (let sib = cur.previousElementSibling; sib; sib = sib.previousElementSibling) {
      if (!nearbyText && sib.tagName !== 'SCRIPT') {
        const text = textOf(sib);
        if (text && text.length <= kMaxNearbyText) nearbyText = text;
      }
      const found = isHeading(sib) ? sib : Array.from(sib.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]')).pop();
      if (found) return { nearbyHeading: textOf(found), nearbyText };
    }
  }
  return { nearbyHeading: null, nearbyText };
}
