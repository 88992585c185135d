import type { BrowserContext, Request } from 'playwright';

/**
 * Requests the app has under way. After an action, replay waits for the requests the action
 * started (a script that posts and then re-renders, a form's fetch) before it verifies and moves
 * on, as capture settled before it recorded the post-state. Only the action's own requests are
 * awaited, never a fixed quiet period, so a page with a long poll costs at most the bound.
 */

/** A request still open after this (a long poll, a stream) no longer holds the replay. */
export const kSettleTimeoutMs = 3_000;
/** Streams and beacons stay open or go unanswered by design: they are never awaited. */
const kNeverAwaited = new Set(['eventsource', 'websocket', 'ping']);
const kPollMs = 20;

export class InFlight {
  private readonly pending = new Set<Request>();
  private readonly done = (request: Request) => this.pending.delete(request);
  private readonly started = (request: Request) => {
    if (!kNeverAwaited.has(request.resourceType())) this.pending.add(request);
  };

  constructor(private readonly context: BrowserContext) {
    context.on('request', this.started);
    context.on('requestfinished', this.done);
    context.on('requestfailed', this.done);
  }

  /** The requests open now: ones the next action must not wait for. */
  mark(): ReadonlySet<Request> {
    return new Set(this.pending);
  }

  /** Resolves when every request opened since `mark` has finished, or after `timeoutMs`. */
  async settle(mark: ReadonlySet<Request>, timeoutMs = kSettleTimeoutMs): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && [...this.pending].some((request) => !mark.has(request))) {
      await new Promise((resolve) => setTimeout(resolve, kPollMs));
    }
  }

  dispose(): void {
    this.context.off('request', this.started);
    this.context.off('requestfinished', this.done);
    this.context.off('requestfailed', this.done);
  }
}
