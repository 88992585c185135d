import type { BrowserContext, Frame, Page, Request } from 'playwright';
import { kMaxPollMs, pollKey, Polls } from './polls.ts';

/**
 * Requests the app has under way. After an action, capture and replay wait for the requests the
 * action started (a script that posts and then reloads, a form's fetch) before they read the
 * page, so a post-state is never taken halfway through a reload. Only the action's own requests
 * and what they set off are awaited, never a fixed quiet period, so a page with a long poll
 * costs at most the bound.
 *
 * Replay leaves out what a document the action opened loads on its own (a dashboard's slow
 * widget): its check of the recorded post-state waits for what the step needs, as a hand-written
 * test waits for its page and no more.
 *
 * `load` and `networkidle` cannot serve here: once a document reached them, waiting for them
 * returns at once, before a reload that a finished fetch is about to start.
 */

/** A request still open after this (a long poll, a stream) no longer holds the action. */
export const kSettleTimeoutMs = 3_000;
/**
 * For a recorder: quiet time after the action's last request ended (or after the action, when it
 * started none) in which a follow-up (the reload after a post, a request event still on its way
 * from the browser) still counts as the action's. Replay waits for none: its verification waits
 * for the recorded post-state itself, and every step would pay the quiet time.
 */
export const kRecordFollowUpMs = 60;
/** For a recorder: time for request events still on their way from the browser when the action returned. */
export const kRecordEventLagMs = 20;
/**
 * For a recorder, after an action that opened a new document: quiet time, from its last request or
 * its load, in which the document's own late requests (a script's timer, a lazy image) still count. Playwright's `networkidle` asks
 * for 500 ms after every navigation; the requests the document started at once are awaited one by
 * one already, so a shorter quiet is enough for the ones it starts a little later.
 */
export const kRecordNewDocumentFollowUpMs = 200;

export interface SettleOptions {
  timeoutMs?: number;
  followUpMs?: number;
  eventLagMs?: number;
  /**
   * Also wait for what a document the action navigated to loads on its own (its images, scripts,
   * and the fetches its scripts start). Recorders do, so a post-state is whole; replay does not:
   * the navigation itself is awaited, and its post-state check waits for what the step recorded.
   */
  newDocuments?: boolean;
  /** Quiet time instead of `followUpMs` once the action opened a new document (a recorder's). */
  newDocumentFollowUpMs?: number;
  /**
   * After an action that asked the server to change something, also wait for the page's next poll
   * of the server (see polls.ts) that started once the action's own requests were answered, and
   * for what its answer sets off: the command's outcome is the action's (a recorder's).
   */
  awaitPolls?: boolean;
}
/**
 * Beyond a poll's period, time for the poll to be answered: the state a daemon's client polls is
 * small, and is answered in milliseconds on the same machine.
 */
export const kPollAnswerSlackMs = 500;
/** The longest delay `setTimeout` holds (a signed 32-bit count of milliseconds). */
const kLongestTimerMs = 2 ** 31 - 1;
/** Methods that only read. */
const kReadMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The most requests that change something kept for `sentSince`: one action sends a few. */
const kMaxSends = 200;
/** The most addresses `loading` remembers as asked for: a page loads a few hundred at most. */
const kMaxAsked = 2_000;
/** Streams and beacons stay open or go unanswered by design: they are never awaited. */
const kNeverAwaited = new Set(['eventsource', 'websocket', 'ping']);

export interface InFlightMark {
  open: ReadonlySet<Request>;
  at: number;
  /** The navigation count when the mark was taken: later navigations are the action's. */
  navigations: number;
}

interface Opened {
  /** When it started (Date.now()). */
  at: number;
  /** Its key among the page's polls (polls.ts). */
  key: string;
  /** The navigation count of the request's frame when it started (0 when it has no frame). */
  frameNavigations: number;
  navigation: boolean;
  /** Its address had not been requested before (see `loading`). */
  fresh: boolean;
}

/** A service worker's requests have no frame. */
function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null;
  }
}

export class InFlight {
  private readonly pending = new Map<Request, Opened>();
  private lastActivity = 0;
  /** Navigation requests seen, in all frames: a counter that only grows. */
  private navigations = 0;
  /** The counter's value when each frame last started a navigation request. */
  private readonly frameNavigated = new WeakMap<Frame, number>();
  /** Settles waiting for the next request event. */
  private readonly waiters = new Set<() => void>();
  /** Requests that ask the server to change something (not GET, HEAD or OPTIONS), newest last, at most kMaxSends. */
  private readonly sends: { at: number; method: string; url: string }[] = [];
  /** The addresses requested so far, oldest first, at most kMaxAsked. */
  private readonly asked = new Set<string>();
  /** When a request for an address not asked for before last started or ended. */
  private lastFresh = 0;
  /** What the pages request again and again on a timer. */
  private readonly polls = new Polls();
  private readonly done = (request: Request) => {
    const opened = this.pending.get(request);
    if (!opened || !this.pending.delete(request)) return;
    this.polls.finished(opened.key, opened.at);
    this.lastActivity = Date.now();
    if (opened.fresh) this.lastFresh = this.lastActivity;
    this.wake();
  };
  /** A document's load counts as activity: its scripts' timers start from there. */
  private readonly loaded = () => {
    this.lastActivity = Date.now();
    this.wake();
  };
  private readonly watchPage = (page: Page) => {
    page.on('load', this.loaded);
  };
  private readonly started = (request: Request) => {
    if (kNeverAwaited.has(request.resourceType())) return;
    const frame = frameOf(request);
    const navigation = request.isNavigationRequest();
    if (navigation && frame) this.frameNavigated.set(frame, ++this.navigations);
    const at = Date.now();
    const key = pollKey(request.method(), request.url());
    this.polls.started(key, at);
    const fresh = !this.asked.has(request.url());
    if (fresh) {
      this.asked.add(request.url());
      if (this.asked.size > kMaxAsked) this.asked.delete(this.asked.values().next().value!);
      this.lastFresh = at;
    }
    this.pending.set(request, { at, key, frameNavigations: frame ? (this.frameNavigated.get(frame) ?? 0) : 0, navigation, fresh });
    this.lastActivity = at;
    if (!kReadMethods.has(request.method())) {
      this.sends.push({ at: this.lastActivity, method: request.method(), url: request.url() });
      if (this.sends.length > kMaxSends) this.sends.shift();
    }
    this.wake();
  };

  private wake(): void {
    for (const waiter of this.waiters) waiter();
    this.waiters.clear();
  }

  /**
   * Resolves at the next request event, or after `ms`. A wait longer than a timer can hold (an
   * unbounded settle) waits for the event alone: Node fires an overflowing timer after 1 ms, which
   * would poll instead of wait.
   */
  private nextEvent(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = ms <= kLongestTimerMs ? setTimeout(() => {
        this.waiters.delete(waiter);
        resolve();
      }, ms) : undefined;
      this.waiters.add(waiter);
    });
  }

  constructor(private readonly context: BrowserContext) {
    context.on('request', this.started);
    context.on('requestfinished', this.done);
    context.on('requestfailed', this.done);
    context.on('page', this.watchPage);
    for (const page of context.pages()) this.watchPage(page);
  }

  /** Taken before an action: the requests open now are not the action's. */
  mark(): InFlightMark {
    return { open: new Set(this.pending.keys()), at: Date.now(), navigations: this.navigations };
  }

  /**
   * The requests since `mark` that asked the server to change something (`POST /api/settings`):
   * the method and the URL, in the order they started.
   */
  sentSince(mark: InFlightMark): { method: string; url: string }[] {
    return this.sends.filter((send) => send.at >= mark.at).map(({ method, url }) => ({ method, url }));
  }

  /**
   * Whether the app is still loading: a request for an address it had not asked for before is
   * open, or one started or ended within `withinMs`. What it asks again and again (a poll of its
   * state, at one address) does not count: a page that only polls has loaded; a chain of
   * modules fetched one after another, each at its own address, has not.
   */
  loading(withinMs: number): boolean {
    if (Date.now() - this.lastFresh <= withinMs) return true;
    for (const opened of this.pending.values()) if (opened.fresh) return true;
    return false;
  }

  /** Whether a frame of the context started a navigation (a new document) since `mark`. */
  navigatedSince(mark: InFlightMark): boolean {
    return this.navigations > mark.navigations;
  }

  /** Whether `request` is one `settle` waits for: opened since the mark, and the action's own unless new documents count. */
  private awaited(request: Request, opened: Opened, mark: InFlightMark, newDocuments: boolean): boolean {
    if (mark.open.has(request)) return false;
    // A frame that navigated since the mark now holds a new document: its navigation request is
    // the action's, what the new document loads afterwards is its own.
    return newDocuments || opened.navigation || opened.frameNavigations <= mark.navigations;
  }

  /**
   * Resolves when every request opened since `mark` has finished and nothing new started for
   * `followUpMs`, or after `timeoutMs`.
   */
  async settle(mark: InFlightMark, options: SettleOptions = {}): Promise<void> {
    await this.settleOwn(mark, options);
    if (!options.awaitPolls) return;
    const polled = this.polls.polled();
    // A poll that is itself a POST (a JSON-RPC client's state query) is no command.
    const commanded = this.sentSince(mark).some((send) => !polled.has(pollKey(send.method, send.url)));
    if (!commanded || polled.size === 0) return;
    const since = Date.now();
    const openBefore = new Set(this.pending.keys());
    const deadline = since + Math.min(Math.max(...polled.values()), kMaxPollMs) + kPollAnswerSlackMs;
    const answered = () => [...polled.keys()].every((key) => this.polls.answeredSince(key, since));
    while (!answered() && Date.now() < deadline) await this.nextEvent(deadline - Date.now());
    // What the poll's answer sets off (the details of what changed) belongs to the action too.
    await this.settleOwn({ open: openBefore, at: since, navigations: mark.navigations }, { ...options, eventLagMs: 0 });
  }

  private async settleOwn(mark: InFlightMark, options: SettleOptions): Promise<void> {
    const { timeoutMs = kSettleTimeoutMs, eventLagMs = 0, newDocuments = true } = options;
    const start = Date.now();
    const deadline = start + timeoutMs;
    for (let now = start; now < deadline; now = Date.now()) {
      let busy = false;
      for (const [request, opened] of this.pending) if ((busy = this.awaited(request, opened, mark, newDocuments))) break;
      const navigated = this.navigatedSince(mark);
      const followUpMs = Math.max(options.followUpMs ?? 0, navigated ? (options.newDocumentFollowUpMs ?? 0) : 0);
      // Not busy: what is left is the quiet time (a recorder's), which a new request cuts short.
      const quietLeft = Math.max(start + eventLagMs - now, Math.max(mark.at, this.lastActivity) + followUpMs - now);
      if (!busy && quietLeft <= 0) return;
      await this.nextEvent(Math.min(busy ? deadline - now : quietLeft, deadline - now));
    }
  }

  dispose(): void {
    this.wake();
    this.context.off('request', this.started);
    this.context.off('requestfinished', this.done);
    this.context.off('requestfailed', this.done);
    this.context.off('page', this.watchPage);
    for (const page of this.context.pages()) page.off('load', this.loaded);
  }
}
