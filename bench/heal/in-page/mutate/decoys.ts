import type { Writer } from './writer.ts';

/** The decoy mutant: look-alikes of the named controls in a landmark of their own, a "Suggestions" aside. */

const kCopied = 'a[href], button, input[type=text], input[type=search], input:not([type]), textarea';
/** Landmarks a copied control sits in: the page's own controls, not those of another aside. */
const kCopiedFrom = 'main, [role=main], form, header, nav, [role=banner], [role=navigation], [role=search], body';

export class Decoys {
  private box: HTMLElement | null = null;
  private readonly names = new Set<string>();

  constructor(private readonly writer: Writer) {}

  /** Whether `node` is in the decoys' aside. */
  holds(node: Node): boolean {
    return !!this.box && this.box.contains(node);
  }

  /** A copy of `el` in the aside, once per tag and name. */
  add(el: Element): void {
    if (this.box?.contains(el) || !el.matches(kCopied) || el.closest('svg')) return;
    if (!el.closest(kCopiedFrom)) return;
    const name = (el.getAttribute('aria-label') || el.getAttribute('placeholder') || (el.textContent ?? '')).replace(/\s+/g, ' ').trim();
    const key = `${el.tagName}:${name}`;
    if (!name || name.length > 40 || this.names.has(key)) return;
    this.names.add(key);
    const box = this.box ?? (this.box = makeBox());
    const copy = el.cloneNode(true) as Element;
    copy.removeAttribute('id');
    copy.removeAttribute('name');
    copy.removeAttribute('form');
    if (copy instanceof HTMLButtonElement) copy.type = 'button';
    if (copy instanceof HTMLAnchorElement) copy.setAttribute('href', '#suggestion');
    copy.addEventListener('click', (e) => e.preventDefault());
    this.writer.addDecoy(copy);
    box.appendChild(copy);
    if (!box.isConnected && document.body) document.body.appendChild(box);
  }
}

function makeBox(): HTMLElement {
  const box = document.createElement('aside');
  box.setAttribute('aria-label', 'Suggestions');
  box.setAttribute('data-bu-decoys', '');
  box.style.cssText = 'position:fixed;right:0;bottom:0;max-width:40%;max-height:30%;overflow:auto;background:#eee;font-size:11px;z-index:1;opacity:0.9';
  return box;
}
