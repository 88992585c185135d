import type { ForeignSide } from '../foreign-changes.ts';

/** What a side of the foreign changes notes of a node: its text and the roles of its elements. */

const kMaxTexts = 200;
const kMaxText = 500;
const kMaxElements = 2_000;
const kTagRoles: Record<string, string> = {
  UL: 'list', OL: 'list', LI: 'listitem', P: 'paragraph', TABLE: 'table', TR: 'row', TD: 'cell', TH: 'columnheader',
  BUTTON: 'button', DIALOG: 'dialog', IMG: 'img', H1: 'heading', H2: 'heading', H3: 'heading', H4: 'heading', H5: 'heading', H6: 'heading',
  NAV: 'navigation', FORM: 'form', TEXTAREA: 'textbox', SELECT: 'combobox', ARTICLE: 'article',
};

export function emptySide(): ForeignSide {
  return { texts: [], roles: {} };
}

function roleOf(el: Element): string | null {
  return el.getAttribute('role') || (el.tagName === 'A' && el.hasAttribute('href') ? 'link' : kTagRoles[el.tagName]) || null;
}

/**
 * Text nodes joined with spaces: `<p>Imported:</p><ul><li>3 nodes</li></ul>` reads "Imported: 3 nodes",
 * as the accessibility tree names its parts, where textContent runs them together.
 */
function textOf(node: Node | null): string {
  if (!node) return '';
  if (node.nodeType === Node.TEXT_NODE) return (node as Text).data;
  const parts: string[] = [];
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let at = walker.nextNode(); at && parts.length < kMaxElements; at = walker.nextNode()) parts.push((at as Text).data);
  return parts.join(' ');
}

/** Notes `node` (its text, or `text` when given) and the roles of its elements on `side`. */
export function note(side: ForeignSide, node: Node | null, text?: string | null): void {
  const said = (text ?? textOf(node)).replace(/\s+/g, ' ').trim();
  if (said && side.texts.length < kMaxTexts) side.texts.push(said.slice(0, kMaxText));
  if (!(node instanceof Element)) return;
  let counted = 0;
  for (const el of [node, ...Array.from(node.querySelectorAll('*'))]) {
    if (++counted > kMaxElements) break;
    const role = roleOf(el);
    if (role) side.roles[role] = (side.roles[role] ?? 0) + 1;
  }
}
