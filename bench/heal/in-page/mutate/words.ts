import type { MutantKind } from '../mutate.ts';
import { kControls, type Writer } from './writer.ts';

/** The reworded and translated mutants: words of texts and of naming attributes replaced. */

const kNamedAttrs = ['placeholder', 'aria-label', 'title', 'alt'];

export class Rewording {
  private readonly attrWritten = new WeakMap<Element, Record<string, string>>();

  /** `words`: lower-case word -> replacement; `kind`: reworded changes only the texts of controls and headings. */
  constructor(private readonly writer: Writer, private readonly words: Record<string, string>, private readonly kind: MutantKind) {}

  text(node: Text): void {
    if (this.kind === 'reworded' && !inControl(node)) return;
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, textarea, pre, code')) return;
    const value = node.nodeValue ?? '';
    if (this.writer.written.get(node) === value) return;
    const next = this.replace(value);
    if (next !== value) this.writer.setText(node, next);
  }

  attrs(el: Element): void {
    for (const name of kNamedAttrs) this.attr(el, name);
    if (el instanceof HTMLInputElement && /^(submit|button|reset)$/.test(el.type)) this.attr(el, 'value');
  }

  private attr(el: Element, name: string): void {
    const value = el.getAttribute(name);
    if (!value || this.attrWritten.get(el)?.[name] === value) return;
    const next = this.replace(value);
    if (next === value) return;
    this.attrWritten.set(el, { ...this.attrWritten.get(el), [name]: next });
    this.writer.setAttr(el, name, next);
  }

  /** `text` with its known words replaced, in the case each had. */
  private replace(text: string): string {
    return text.replace(/[A-Za-z][A-Za-z']*/g, (word) => {
      const to = this.words[word.toLowerCase()];
      if (to === undefined) return word;
      if (word === word.toUpperCase() && word.length > 1) return to.toUpperCase();
      return word[0] === word[0]!.toUpperCase() ? to[0]!.toUpperCase() + to.slice(1) : to;
    });
  }
}

function inControl(node: Node): boolean {
  return !!node.parentElement?.closest(`${kControls}, legend, th, h1, h2, h3, h4, h5, h6, option`);
}
