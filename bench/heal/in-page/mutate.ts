import { healState, type HealState } from './heal-state.ts';
import { ClassRenaming } from './mutate/classes.ts';
import { Decoys } from './mutate/decoys.ts';
import { makeIconOnly, unnameRowControl } from './mutate/names.ts';
import { moveBlock, reorder, wrap } from './mutate/structure.ts';
import { Rewording } from './mutate/words.ts';
import { kControls, Writer } from './mutate/writer.ts';

/**
 * Runs in the page (an init script, before the app's own scripts): turns any app into a
 * release-like mutant while a person could still do the same flow. Only text, attributes and the
 * order of siblings change in nodes a framework (React, Vue, Angular) owns; wrappers and moved
 * blocks touch only nodes no framework owns, so a later render never meets a node it lost.
 * What a mutation replaced is kept in the heal state (heal-state.ts) so the acted-on element can
 * be told by what it was before (see acted.ts). Each mutant's changes live in mutate/.
 */

export type MutantKind = 'none' | 'classes' | 'reworded' | 'translated' | 'wrappers' | 'reordered' | 'decoy' | 'unnamed' | 'icononly';

export interface MutateConfig {
  kind: MutantKind;
  /** Lower-case word -> replacement (reworded, translated). */
  words: Record<string, string>;
  /** The page language after translation (`<html lang>`). */
  lang: string | null;
}

/** One document's mutation: what every node the app adds goes through. */
class Mutation {
  private readonly writer: Writer;
  private readonly words: Rewording;
  private readonly classes = new ClassRenaming();
  private readonly decoys: Decoys;
  private readonly reworded: boolean;

  constructor(private readonly config: MutateConfig, heal: HealState) {
    this.writer = new Writer(heal);
    this.words = new Rewording(this.writer, config.words, config.kind);
    this.decoys = new Decoys(this.writer);
    this.reworded = config.kind === 'reworded' || config.kind === 'translated';
  }

  start(): void {
    if (this.config.kind === 'classes') this.classes.install();
    let busy = false;
    const quietly = (fn: () => void) => {
      busy = true;
      try {
        fn();
      } finally {
        // What the mutation itself changed needs no second look.
        observer.takeRecords();
        busy = false;
      }
    };
    const observer = new MutationObserver((records) => {
      if (!busy) quietly(() => this.changed(records));
    });
    document.addEventListener('DOMContentLoaded', () => quietly(() => {
      if (document.body) this.visitTree(document.body);
    }));
    const attributeFilter = this.config.kind === 'classes' ? ['class'] : ['placeholder', 'aria-label', 'title', 'alt', 'value'];
    observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter });
  }

  /** What the app changed: its new nodes, texts and attributes, mutated. */
  private changed(records: MutationRecord[]): void {
    const parents = new Set<Element>();
    for (const r of records) {
      if (r.type === 'childList') {
        for (const n of Array.from(r.addedNodes)) this.visitTree(n);
        if (r.target instanceof Element) parents.add(r.target);
        // A control whose text arrived after it (parsing, rendering) is seen again whole.
        if (this.config.kind === 'decoy' && r.target instanceof Element) this.visit(r.target);
      } else if (r.type === 'characterData') this.visitTree(r.target);
      else if (r.target instanceof Element) this.visit(r.target);
    }
    if (this.config.kind === 'reordered') for (const p of parents) reorder(p);
    if (this.config.kind === 'classes' && [...parents].some((p) => p.matches('style, head'))) this.classes.copySheets();
    if (this.config.lang) document.documentElement.setAttribute('lang', this.config.lang);
  }

  private visitTree(root: Node): void {
    if (root.nodeType === Node.TEXT_NODE) {
      if (this.reworded) this.words.text(root as Text);
      return;
    }
    if (!(root instanceof Element) || this.decoys.holds(root)) return;
    const elements = [root, ...Array.from(root.querySelectorAll('*'))];
    for (const el of elements) this.visit(el);
    if (this.reworded) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) this.words.text(n as Text);
    }
  }

  private visit(el: Element): void {
    // What a person types into (an editor) is theirs, not the release's.
    if (el.closest('[contenteditable]')) return;
    switch (this.config.kind) {
      case 'none': break;
      case 'classes': this.classes.rehash(el); break;
      case 'reworded': case 'translated': this.words.attrs(el); break;
      case 'wrappers':
        // A framework's mount point may move as a whole: only the nodes it renders must stay put.
        if (el.matches(kControls) || el.parentElement === document.body) wrap(el, el.parentElement === document.body);
        moveBlock(el);
        break;
      case 'reordered': reorder(el); break;
      case 'decoy': this.decoys.add(el); break;
      case 'unnamed': unnameRowControl(this.writer, el); break;
      case 'icononly': makeIconOnly(this.writer, el); break;
    }
  }
}

export function mutateInPage(config: MutateConfig): void {
  // The unchanged app gets the (empty) heal state too: the describer reads the same on every page.
  const heal = healState();
  if (config.kind !== 'none') new Mutation(config, heal).start();
}
