/**
 * What changed during a step that an earlier step, or the page's own load, set going: a tip box
 * that cycles on an interval, a notification an earlier action raised closing on its timeout, a
 * clock. Such a change falls inside a step's window only by its timing, so it is no effect of
 * the step: recorded as one, replay and the generated specs wait for it after the same action and
 * fail, or assert a text that another run shows otherwise.
 *
 * The page is told apart by when each timer was set, as async context libraries do: an init script
 * wraps `setTimeout`, `setInterval` and `requestAnimationFrame`, and each callback runs under the
 * step that was current when it was scheduled (its "epoch"; the page's load is epoch 0). The DOM
 * changes a callback makes are read back as it returns (`takeRecords()`); those of a callback set
 * before the current step began are foreign. The handlers of an XMLHttpRequest run under the step
 * it was sent in: the answer to a request sent before the step (the page still loading when the
 * step acts) is foreign, a poll sent during the step is the step's. Everything else (event
 * handlers, promise reactions such as a `fetch` answer, message channels) counts as the current
 * step's: the rule only ever takes away from an effect what the past set going. The Node side
 * (core/volatile/foreign-changes.ts) takes what they changed away from an effect.
 */

/** What foreign callbacks removed and added during the current step: texts and element roles. */
export interface ForeignSide {
  /** Text of each node removed (or replaced, or changed), trimmed. */
  texts: string[];
  /** Count of elements by role (explicit, else the tag's usual one) in the removed (or added) subtrees. */
  roles: Record<string, number>;
}

export interface ForeignChanges {
  removed: ForeignSide;
  added: ForeignSide;
}

/**
 * Runs in every document before the app's scripts (an init script): installs the wrappers and the
 * observer once, kept under a property of `window` the app does not enumerate.
 */
export function installForeignChanges(): void {
  type Side = { texts: string[]; roles: Record<string, number> };
  type State = {
    current: number; running: number | null; removed: Side; added: Side; changes: number; id: string;
    mark(): string; begin(): string; take(): { removed: Side; added: Side };
  };
  const key = '__buEpochs';
  const holder = window as unknown as Record<string, State | undefined>;
  if (holder[key]) return;
  const kMaxTexts = 200;
  const kMaxText = 500;
  const kMaxElements = 2_000;
  const kTagRoles: Record<string, string> = {
    UL: 'list', OL: 'list', LI: 'listitem', P: 'paragraph', TABLE: 'table', TR: 'row', TD: 'cell', TH: 'columnheader',
    BUTTON: 'button', DIALOG: 'dialog', IMG: 'img', H1: 'heading', H2: 'heading', H3: 'heading', H4: 'heading', H5: 'heading', H6: 'heading',
    NAV: 'navigation', FORM: 'form', TEXTAREA: 'textbox', SELECT: 'combobox', ARTICLE: 'article',
  };
  const empty = (): Side => ({ texts: [], roles: {} });
  const state: State = {
    current: 0, running: null, removed: empty(), added: empty(), changes: 0, id: Math.random().toString(36).slice(2),
    mark() {
      sort(observer.takeRecords(), state.running, inFrame);
      return `${state.id}:${state.changes}`;
    },
    begin() {
      const at = state.mark();
      state.current += 1;
      state.removed = empty();
      state.added = empty();
      touched = new WeakSet();
      return at;
    },
    take() {
      // Records not delivered yet are sorted first.
      state.mark();
      const taken = { removed: state.removed, added: state.added };
      state.removed = empty();
      state.added = empty();
      return taken;
    },
  };
  Object.defineProperty(window, key, { value: state, enumerable: false, configurable: true });
  const roleOf = (el: Element) => el.getAttribute('role') || (el.tagName === 'A' && el.hasAttribute('href') ? 'link' : kTagRoles[el.tagName]) || null;
  // Text nodes joined with spaces: `<p>Imported:</p><ul><li>3 nodes</li></ul>` reads "Imported: 3 nodes",
  // as the accessibility tree names its parts, where textContent runs them together.
  const textOf = (node: Node | null) => {
    if (!node) return '';
    if (node.nodeType === Node.TEXT_NODE) return (node as Text).data;
    const parts: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let at = walker.nextNode(); at && parts.length < kMaxElements; at = walker.nextNode()) parts.push((at as Text).data);
    return parts.join(' ');
  };
  const note = (side: Side, node: Node | null, text?: string | null) => {
    const said = (text ?? textOf(node)).replace(/\s+/g, ' ').trim();
    if (said && side.texts.length < kMaxTexts) side.texts.push(said.slice(0, kMaxText));
    if (!(node instanceof Element)) return;
    let counted = 0;
    for (const el of [node, ...Array.from(node.querySelectorAll('*'))]) {
      if (++counted > kMaxElements) break;
      const role = roleOf(el);
      if (role) side.roles[role] = (side.roles[role] ?? 0) + 1;
    }
  };
  const foreign = (r: MutationRecord) => {
    if (r.type === 'characterData') {
      note(state.removed, null, r.oldValue);
      note(state.added, null, r.target.nodeValue);
    } else if (r.type === 'childList') {
      r.removedNodes.forEach((n) => note(state.removed, n));
      r.addedNodes.forEach((n) => note(state.added, n));
    }
  };
  /**
   * Nodes a foreign callback changed during the step (a style it animates, a text it sets): what
   * happens to them later in the step is foreign too, though it may run in a callback of the step
   * (an animation engine's one frame loop, started by the step, that ends a notification's slide
   * out by removing it).
   */
  let touched = new WeakSet<Node>();
  /**
   * Nodes a foreign callback ever changed (the page's root elements aside): the page animates them
   * by itself. A frame callback that changes one is taken for the page's own animation even in a
   * frame loop the step started, as animation engines run every animation in one loop, the page's
   * own included (a tip that fades to the next one while the step's animation runs). Handlers and
   * answers that change them stay the step's.
   */
  const selfChanging = new WeakSet<Node>();
  const kRoots = new Set(['HTML', 'HEAD', 'BODY']);
  /** A frame callback (`requestAnimationFrame`) is running. */
  let inFrame = false;
  /** Sorts `records` made by a callback of `epoch` (null: not a timer's) into foreign and the step's own. */
  const sort = (records: MutationRecord[], epoch: number | null, frame = false) => {
    state.changes += records.length;
    const old = epoch !== null && epoch < state.current;
    const mine = (n: Node) => touched.has(n) || (frame && selfChanging.has(n));
    for (const r of records) {
      if (old) {
        touched.add(r.target);
        if (!kRoots.has(r.target.nodeName)) selfChanging.add(r.target);
      }
      if (r.type === 'attributes') continue;
      if (old || mine(r.target) || Array.from(r.removedNodes).some(mine)) foreign(r);
    }
  };
  // What ran outside a timer callback (a handler, a promise reaction) is the current step's, but for
  // what it does to a node a foreign callback changed.
  const observer = new MutationObserver((records) => sort(records, null));
  const observe = () => observer.observe(document, { subtree: true, childList: true, characterData: true, characterDataOldValue: true, attributes: true });
  if (document.documentElement) observe();
  else document.addEventListener('readystatechange', observe, { once: true });
  /** Runs `callback` as a callback of `epoch`, sorting the DOM changes made before it and by it. */
  const runUnder = (epoch: number, frame: boolean, callback: (...a: unknown[]) => unknown, self: unknown, args: unknown[]) => {
    sort(observer.takeRecords(), state.running, inFrame);
    const outer = state.running;
    const outerFrame = inFrame;
    state.running = epoch;
    inFrame = frame;
    try {
      return callback.apply(self, args);
    } finally {
      sort(observer.takeRecords(), epoch, frame);
      state.running = outer;
      inFrame = outerFrame;
    }
  };
  const wrap = (callback: unknown, epoch: number, frame = false) => {
    if (typeof callback !== 'function') return callback;
    return function (this: unknown, ...args: unknown[]) {
      return runUnder(epoch, frame, callback as (...a: unknown[]) => unknown, this, args);
    };
  };
  // A callback set inside another one belongs to the same epoch as the one that set it.
  const epochNow = () => state.running ?? state.current;
  const timers = window as unknown as Record<'setTimeout' | 'setInterval' | 'requestAnimationFrame', (...a: unknown[]) => number>;
  for (const name of ['setTimeout', 'setInterval', 'requestAnimationFrame'] as const) {
    const original = timers[name];
    if (typeof original !== 'function') continue;
    timers[name] = function (callback: unknown, ...rest: unknown[]) {
      return original.call(window, wrap(callback, epochNow(), name === 'requestAnimationFrame'), ...rest);
    };
  }
  // A request sent before the step began (the page's own loading, a command of an earlier step)
  // answers into the step by its timing alone: its XMLHttpRequest handlers run under the step it
  // was sent in. One sent during the step, a poll's included, is the step's.
  if (typeof XMLHttpRequest !== 'function') return;
  const sentIn = new WeakMap<object, number>();
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    sentIn.set(this, state.current);
    return send.apply(this, args);
  };
  const underSend = (handler: unknown) => {
    if (typeof handler !== 'function') return handler;
    return function (this: object, ...args: unknown[]) {
      return runUnder(sentIn.get(this) ?? state.current, false, handler as (...a: unknown[]) => unknown, this, args);
    };
  };
  const handlers = new WeakMap<object, unknown>();
  const events = [[XMLHttpRequest.prototype, ['onreadystatechange']], [Object.getPrototypeOf(XMLHttpRequest.prototype) as object, ['onload', 'onloadend', 'onerror', 'onabort', 'ontimeout', 'onprogress']]] as const;
  for (const [proto, names] of events) {
    for (const name of names) {
      const described = Object.getOwnPropertyDescriptor(proto, name);
      if (!described?.set || !described.get) continue;
      const { get, set } = described;
      Object.defineProperty(proto, name, {
        ...described,
        get(this: object) {
          const wrapped = get.call(this) as unknown;
          return handlers.get(wrapped as object) ?? wrapped;
        },
        set(this: object, handler: unknown) {
          const wrapped = underSend(handler);
          if (wrapped && wrapped !== handler) handlers.set(wrapped as object, handler);
          set.call(this, wrapped);
        },
      });
    }
  }
  const listeners = new WeakMap<object, unknown>();
  const add = XMLHttpRequest.prototype.addEventListener;
  const remove = XMLHttpRequest.prototype.removeEventListener;
  XMLHttpRequest.prototype.addEventListener = function (this: XMLHttpRequest, type: string, listener: unknown, ...rest: unknown[]) {
    let wrapped = typeof listener === 'function' ? listeners.get(listener) : listener;
    if (typeof listener === 'function' && !wrapped) listeners.set(listener, (wrapped = underSend(listener)));
    return (add as (...a: unknown[]) => void).call(this, type, wrapped, ...rest);
  } as XMLHttpRequest['addEventListener'];
  XMLHttpRequest.prototype.removeEventListener = function (this: XMLHttpRequest, type: string, listener: unknown, ...rest: unknown[]) {
    return (remove as (...a: unknown[]) => void).call(this, type, (typeof listener === 'function' && listeners.get(listener)) || listener, ...rest);
  } as XMLHttpRequest['removeEventListener'];
}

/**
 * Where the document's changes stand (its id and a count of its DOM changes): two equal marks
 * mean nothing changed between them. Null in a page without the init script.
 */
export function foreignMark(): string | null {
  const state = (window as unknown as Record<string, { mark(): string } | undefined>)['__buEpochs'];
  return state ? state.mark() : null;
}

/** Starts a step: its epoch begins, the foreign changes seen so far are forgotten; the mark at its start. */
export function beginStep(): string | null {
  const state = (window as unknown as Record<string, { begin(): string } | undefined>)['__buEpochs'];
  return state ? state.begin() : null;
}

/** What foreign callbacks changed since the step began; null in a page without the init script. */
export function takeForeign(): ForeignChanges | null {
  const state = (window as unknown as Record<string, { take(): ForeignChanges } | undefined>)['__buEpochs'];
  return state ? state.take() : null;
}
