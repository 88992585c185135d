import type { BrowserContext, Request } from 'playwright';

/**
 * Requests the app has under way. After an action, capture and replay wait for the requests the
 * action started (a script that posts and then reloads, a form's fetch) before they read the
 * page, so a post-state is never taken halfway through a reload. Only the action's own requests
 * and what they set off are awaited, never a fixed quiet period, so a page with a long poll
 * costs at most the bound.
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

export interface SettleOptions {
  timeoutMs?: number;
  followUpMs?: number;
  eventLagMs?: number;
}
/** Streams and beacons stay open or go unanswered by design: they are never awaited. */
const kNeverAwaited = new Set(['eventsource', 'websocket', 'ping']);
const kPollMs = 15;

export interface InFlightMark {
  open: ReadonlySet<Request>;
  at: number;
}

export class InFlight {
  private readonly pending = new Set<Request>();
  private lastActivity = 0;
  private readonly done = (request: Request) => {
    if (this.pending.delete(request)) this.lastActivity = Date.now();
  };
  private readonly started = (request: Request) => {
    if (kNeverAwaited.has(request.resourceType())) return;
    this.pending.add(request);
    this.lastActivity = Date.now();
  };

  constructor(private readonly context: BrowserContext) {
    context.on('request', this.started);
    context.on('requestfinished', this.done);
    context.on('requestfailed', this.done);
  }

  /** Taken before an action: the requests open now are not the action's. */
  mark(): InFlightMark {
    return { open: new Set(this.pending), at: Date.now() };
  }

  /**
   * Resolves when every request opened since `mark` has finished and nothing new started for
   * `followUpMs`, or after `timeoutMs`.
   */
  async settle(mark: InFlightMark, options: SettleOptions = {}): Promise<void> {
    const { timeoutMs = kSettleTimeoutMs, followUpMs = 0, eventLagMs = 0 } = options;
    const start = Date.now();
    const deadline = start + timeoutMs;
    while (Date.now() < deadline) {
      const busy = [...this.pending].some((request) => !mark.open.has(request));
      const now = Date.now();
      if (!busy && now - start >= eventLagMs && now - Math.max(mark.at, this.lastActivity) >= followUpMs) return;
      await new Promise((resolve) => setTimeout(resolve, kPollMs));
    }
  }

  dispose(): void {
    this.context.off('request', this.started);
    this.context.off('requestfinished', this.done);
    this.context.off('requestfailed', this.done);
  }
}
