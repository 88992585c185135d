/**
 * Whether a plan step that submitted a sign-in form started a session, judged by what it did
 * (`bu capture script --check` runs a plan's sign-in for real, core of capture/check-plan.ts): the
 * page after it is another page (another address or main heading), or a cookie appeared or
 * changed (the session's). A password field says a form takes a secret, never that submitting it
 * signed in: a refused sign-in shows its form again, with no new session.
 */

export interface PageSide {
  url: string;
  heading: string | null;
  /** The browser's cookies, `name=value` by name. */
  cookies: Record<string, string>;
}

export interface SignInEffect {
  signedIn: boolean;
  /** What it did, in words (cookie names, never values): `now on /wp-admin/; new cookies: wp_logged_in`. */
  how: string;
}

/** The page an address names: its path and query, not its anchor. */
function pageOf(url: string): string {
  if (!URL.canParse(url)) return url;
  const { origin, pathname, search } = new URL(url);
  return `${origin}${pathname}${search}`;
}

export function signInEffect(before: PageSide, after: PageSide): SignInEffect {
  const moved = pageOf(before.url) !== pageOf(after.url);
  const reheaded = !moved && (before.heading ?? '') !== (after.heading ?? '');
  const cookies = Object.keys(after.cookies).filter((name) => before.cookies[name] !== after.cookies[name]).sort();
  const said: string[] = [];
  if (moved) said.push(`now on ${after.url}`);
  if (reheaded) said.push(`the page's heading is now ${JSON.stringify(after.heading ?? '')}`);
  if (cookies.length) said.push(`new cookies: ${cookies.join(', ')}`);
  if (said.length) return { signedIn: true, how: said.join('; ') };
  return { signedIn: false, how: `the page stayed on ${after.url} with its heading, and no cookie appeared (are the credentials right?)` };
}
