/**
 * What a page polls. A client of a daemon (a torrent client's web UI, a job queue's dashboard)
 * posts a command and shows its outcome only when it next asks the server for its state, on a
 * timer. A recorder that reads the page once the command's own request is answered reads it before
 * that, and the answer then lands in the next step's effect. Seen from the network, polling is the
 * same request (method, origin and path; its query may count) started again and again at a steady
 * interval: this keeps, per such key, when its last requests started and when the latest answered
 * one had started, so a recorder can wait for the first poll that began after the command was answered.
 */

/**
 * Starts kept per key: six give five intervals, enough to tell a timer from a burst when an action
 * made the client poll at once as well (which restarts its timer, and leaves one short interval).
 */
const kStartsKept = 6;
/**
 * The shortest interval counted as polling: faster repeats are a burst (an app loading its items
 * one by one) or a stream, and waiting for their next request would tell nothing more.
 */
export const kMinPollMs = 250;
/**
 * The longest interval waited for: a client that refreshes every 30 s shows a command's outcome by
 * its own request or not within a step. Transmission's web UI refreshes every 5 s, qBittorrent's
 * every 1.5 s (their defaults).
 */
export const kMaxPollMs = 5_000;
/**
 * A timer's intervals differ by the time each answer took: an interval this close to the longest
 * (as a share of it) is one more tick of the same timer.
 */
const kSteadyShare = 0.75;
/** The most keys tracked (distinct method and path pairs a page requested): beyond it, new keys are ignored. */
const kMaxKeys = 500;

/** `GET http://host/api/state`: a request's method and URL without its query or fragment. */
export function pollKey(method: string, url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return `${method} ${origin}${pathname}`;
  } catch {
    return `${method} ${url}`;
  }
}

export class Polls {
  private readonly starts = new Map<string, number[]>();
  /** Per key, the start of the latest request that was answered. */
  private readonly answered = new Map<string, number>();

  started(key: string, at: number): void {
    let list = this.starts.get(key);
    if (!list) {
      if (this.starts.size >= kMaxKeys) return;
      list = [];
      this.starts.set(key, list);
    }
    list.push(at);
    if (list.length > kStartsKept) list.shift();
  }

  finished(key: string, startedAt: number): void {
    if (startedAt > (this.answered.get(key) ?? -Infinity)) this.answered.set(key, startedAt);
  }

  /**
   * The period of each key the page polls: the longest of its last intervals within [kMinPollMs,
   * kMaxPollMs], when another of them is as long (kSteadyShare). It is the most a recorder waits
   * for the next poll to start. Shorter intervals between are polls an action asked for at once.
   */
  polled(): Map<string, number> {
    const found = new Map<string, number>();
    for (const [key, list] of this.starts) {
      const intervals = list.slice(1).map((at, i) => at - list[i]!).filter((ms) => ms >= kMinPollMs && ms <= kMaxPollMs);
      const longest = Math.max(...intervals);
      if (intervals.filter((ms) => ms >= longest * kSteadyShare).length >= 2) found.set(key, longest);
    }
    return found;
  }

  /** Whether a request of `key` that started at or after `since` has been answered. */
  answeredSince(key: string, since: number): boolean {
    return (this.answered.get(key) ?? -Infinity) >= since;
  }
}
