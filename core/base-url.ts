/**
 * The one base URL rule of replays and generated specs. Which address: `BASE_URL` (or
 * `--base-url`) when set, else `baseURL` of brow-use.config.ts, else the recorded address (the
 * recorded origin and start directory, which generated URLs are relative to; `bu generate` takes
 * the configured base's directory for it when the recordings lie under it). What it means: a new
 * base with no path of its own (`http://b/`) moves the app to another host and keeps the recorded path; one with a path
 * (`http://b/app/v2/`) is where the app is served now. A base that names the recorded start page
 * itself (`http://b/app/v2/login` for a flow recorded at `.../login`) stands for its directory.
 * The result always ends in `/`, so relative URLs (`./items`) resolve under it. Without a
 * recorded address there is nothing to move: `base` as given.
 */
export function appBaseURL(base: string | undefined, recorded: string): string;
export function appBaseURL(base: string | undefined, recorded: string | undefined): string | undefined;
export function appBaseURL(base: string | undefined, recorded: string | undefined): string | undefined {
  if (!recorded) return base;
  const start = new URL(recorded);
  const from = new URL('.', start);
  if (!base) return from.href;
  const url = new URL(base);
  if (url.pathname === '/') return url.origin + from.pathname;
  const page = lastSegment(start.pathname);
  if (!url.pathname.endsWith('/') && page && lastSegment(url.pathname) === page) return new URL('.', url).href;
  return url.origin + url.pathname.replace(/\/?$/, '/');
}

function lastSegment(pathname: string): string {
  return pathname.slice(pathname.lastIndexOf('/') + 1);
}
