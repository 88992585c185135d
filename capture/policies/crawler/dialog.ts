import { parseAriaSnapshot, type AriaNode } from '../../perceive/parse-snapshot.ts';
import type { ElementInfo } from '../../types.ts';

/**
 * An open dialog has the user's attention: while one is shown (a modal, an alert, a drawer
 * marked as a dialog), only its own controls are moves and fields. Clicking what lies behind a
 * modal times out; a person deals with the dialog first. A modal without dialog roles shows as
 * elements a layer covers (`ElementInfo.covered`): those are left out the same way, as are elements
 * no scrolling brings into view (`ElementInfo.offscreen`: a panel slid off screen, a skip link).
 */

const kDialogRoles = new Set(['dialog', 'alertdialog']);

function refsUnder(node: AriaNode, out: Set<string>): void {
  for (const child of node.children) {
    if (child.ref) out.add(child.ref);
    refsUnder(child, out);
  }
}

/** The refs inside the last open dialog of the snapshot (the topmost one), or null when none is open. */
export function dialogRefs(snapshot: string): Set<string> | null {
  let last: AriaNode | null = null;
  const visit = (node: AriaNode) => {
    if (kDialogRoles.has(node.role)) last = node;
    node.children.forEach(visit);
  };
  parseAriaSnapshot(snapshot).forEach(visit);
  if (!last) return null;
  const refs = new Set<string>();
  refsUnder(last, refs);
  return refs;
}

/**
 * The elements a crawler may use: those of the open dialog when one has any, else all; of those,
 * the ones no layer covers and scrolling can reach, unless that leaves none.
 */
export function elementsInFocus(elements: readonly ElementInfo[], snapshot: string): readonly ElementInfo[] {
  const refs = snapshot ? dialogRefs(snapshot) : null;
  const inside = refs ? elements.filter((element) => refs.has(element.ref)) : [];
  const focused = inside.length ? inside : elements;
  const reachable = focused.filter((element) => !element.covered && !element.offscreen);
  return reachable.length ? reachable : focused;
}
