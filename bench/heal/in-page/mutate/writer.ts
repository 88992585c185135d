import type { HealState } from '../heal-state.ts';

/** Controls a person acts on (the ones a mutant renames, unnames or wraps). */
export const kControls = 'a[href], button, input, select, textarea, label, summary, [role=button], [role=link], [role=checkbox], [role=tab], [role=menuitem], [role=option]';
export const kRows = 'tr, li, [role=row], [role=listitem], [role=option]';

/** Whether a framework (React, Vue, Angular, Svelte, Preact, Lit) keeps its own reference to `node`. */
export function frameworkOwned(node: Node | null): boolean {
  if (!node) return false;
  for (const key of Object.keys(node)) if (/^(__react|__vue|_vnode|__vnode|__ngContext__|__svelte|__k$|__lit)/.test(key)) return true;
  return false;
}

/** A short stable hash of `text` (FNV-1a, base 36). */
export function hash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** Writes texts and attributes, keeping what they were before in the heal state. */
export class Writer {
  /** What a mutation last wrote, so a second visit leaves it (a reworded word is not reworded again). */
  readonly written = new WeakMap<Node, string>();

  constructor(private readonly heal: HealState) {}

  setAttr(el: Element, name: string, value: string | null): void {
    const saved = this.heal.origAttr.get(el) ?? {};
    if (!(name in saved)) saved[name] = el.getAttribute(name);
    this.heal.origAttr.set(el, saved);
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, value);
  }

  setText(node: Text, value: string): void {
    if (!this.heal.origText.has(node) || this.written.get(node) !== node.nodeValue) this.heal.origText.set(node, node.nodeValue ?? '');
    this.written.set(node, value);
    node.nodeValue = value;
  }

  /** Marks `el` a decoy (with what it holds): the describer says so of an action on it. */
  addDecoy(el: Element): void {
    this.heal.decoys.add(el);
    for (const inner of Array.from(el.querySelectorAll('*'))) this.heal.decoys.add(inner);
  }
}
