import type { ForeignChanges, ForeignSide } from '../foreign-changes.ts';
import { emptySide, note } from './sides.ts';

/** The page's root elements: a foreign callback that changes them does not make them the page's own animation. */
const kRoots = new Set(['HTML', 'HEAD', 'BODY']);

/**
 * The steps of one document (epochs) and the DOM changes of the current one that the past set
 * going (foreign-changes.ts tells how they are told apart).
 */
export class Epochs {
  /** The current step's epoch (the page's load is 0). */
  current = 0;
  /** The epoch of the callback running now; null outside a timer's or a request's callback. */
  running: number | null = null;
  removed: ForeignSide = emptySide();
  added: ForeignSide = emptySide();
  /** How many DOM changes the document made so far. */
  changes = 0;
  readonly id = Math.random().toString(36).slice(2);
  /** A frame callback (`requestAnimationFrame`) is running. */
  inFrame = false;
  /**
   * Nodes a foreign callback changed during the step (a style it animates, a text it sets): what
   * happens to them later in the step is foreign too, though it may run in a callback of the step
   * (an animation engine's one frame loop, started by the step, that ends a notification's slide
   * out by removing it).
   */
  private touched = new WeakSet<Node>();
  /**
   * Nodes a foreign callback ever changed (the page's root elements aside): the page animates them
   * by itself. A frame callback that changes one is taken for the page's own animation even in a
   * frame loop the step started, as animation engines run every animation in one loop, the page's
   * own included (a tip that fades to the next one while the step's animation runs). Handlers and
   * answers that change them stay the step's.
   */
  private readonly selfChanging = new WeakSet<Node>();
  // What ran outside a timer callback (a handler, a promise reaction) is the current step's, but for
  // what it does to a node a foreign callback changed.
  private readonly observer = new MutationObserver((records) => this.sort(records, null));

  /** Starts observing the document (once it has a root element). */
  observe(): void {
    const observe = () => this.observer.observe(document, { subtree: true, childList: true, characterData: true, characterDataOldValue: true, attributes: true });
    if (document.documentElement) observe();
    else document.addEventListener('readystatechange', observe, { once: true });
  }

  /** Where the document's changes stand: two equal marks mean nothing changed between them. */
  mark(): string {
    this.sort(this.observer.takeRecords(), this.running, this.inFrame);
    return `${this.id}:${this.changes}`;
  }

  /** Starts a step; the mark at its start. */
  begin(): string {
    const at = this.mark();
    this.current += 1;
    this.removed = emptySide();
    this.added = emptySide();
    this.touched = new WeakSet();
    return at;
  }

  /** What foreign callbacks changed since the step began, forgotten once taken. */
  take(): ForeignChanges {
    // Records not delivered yet are sorted first.
    this.mark();
    const taken = { removed: this.removed, added: this.added };
    this.removed = emptySide();
    this.added = emptySide();
    return taken;
  }

  /** The epoch a callback set now belongs to: a callback set inside another one, that one's. */
  now(): number {
    return this.running ?? this.current;
  }

  /** Runs `callback` as a callback of `epoch`, sorting the DOM changes made before it and by it. */
  runUnder(epoch: number, frame: boolean, callback: (...a: unknown[]) => unknown, self: unknown, args: unknown[]): unknown {
    this.sort(this.observer.takeRecords(), this.running, this.inFrame);
    const outer = this.running;
    const outerFrame = this.inFrame;
    this.running = epoch;
    this.inFrame = frame;
    try {
      return callback.apply(self, args);
    } finally {
      this.sort(this.observer.takeRecords(), epoch, frame);
      this.running = outer;
      this.inFrame = outerFrame;
    }
  }

  /** Sorts `records` made by a callback of `epoch` (null: not a timer's) into foreign and the step's own. */
  private sort(records: MutationRecord[], epoch: number | null, frame = false): void {
    this.changes += records.length;
    const old = epoch !== null && epoch < this.current;
    const mine = (n: Node) => this.touched.has(n) || (frame && this.selfChanging.has(n));
    for (const r of records) {
      if (old) {
        this.touched.add(r.target);
        if (!kRoots.has(r.target.nodeName)) this.selfChanging.add(r.target);
      }
      if (r.type === 'attributes') continue;
      if (old || mine(r.target) || Array.from(r.removedNodes).some(mine)) this.foreign(r);
    }
  }

  private foreign(r: MutationRecord): void {
    if (r.type === 'characterData') {
      note(this.removed, null, r.oldValue);
      note(this.added, null, r.target.nodeValue);
    } else if (r.type === 'childList') {
      r.removedNodes.forEach((n) => note(this.removed, n));
      r.addedNodes.forEach((n) => note(this.added, n));
    }
  }
}
