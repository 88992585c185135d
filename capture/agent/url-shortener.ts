/**
 * Long URLs (tracking parameters, signed links) cost tokens and invite copying mistakes. In the
 * prompt each is cut to a readable prefix plus a short marker; in the model's answer every
 * marker form is restored to the full URL.
 */

/** URLs up to this length are shown as they are. */
const kMaxUrlChars = 80;
/** How much of a long URL stays readable before the marker. */
const kKeptChars = 48;
const kUrlPattern = /https?:\/\/[^\s"'<>)\]]+/g;

export class UrlShortener {
  private readonly byShort = new Map<string, string>();
  private readonly byLong = new Map<string, string>();

  shorten(text: string): string {
    return text.replace(kUrlPattern, (url) => {
      if (url.length <= kMaxUrlChars) return url;
      let short = this.byLong.get(url);
      if (!short) {
        short = `${url.slice(0, kKeptChars)}…~u${this.byLong.size + 1}`;
        this.byLong.set(url, short);
        this.byShort.set(short, url);
      }
      return short;
    });
  }

  /** Replaces shortened URLs in every string of `value` with the originals. */
  restore<T>(value: T): T {
    if (!this.byShort.size) return value;
    return this.mapStrings(value) as T;
  }

  private restoreText(text: string): string {
    let out = text;
    for (const [short, url] of this.byShort) {
      if (out.includes(short)) out = out.split(short).join(url);
    }
    return out;
  }

  private mapStrings(value: unknown): unknown {
    if (typeof value === 'string') return this.restoreText(value);
    if (Array.isArray(value)) return value.map((item) => this.mapStrings(item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.mapStrings(item)]));
    }
    return value;
  }
}
