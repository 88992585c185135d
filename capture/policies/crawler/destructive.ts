/**
 * Controls the crawler leaves alone unless `--allow-destructive`: the ones that lose data, end the
 * session, stop the app itself (a daemon's web interface has "Exit" and "Shut down"), or spend money. Matched on the accessible name and on the link target, by whole words,
 * so "Deleted items" or "Payments history" links are still followed while "Delete" is not.
 */

/** Verbs (and verb phrases) that name an irreversible or session-ending action. */
const kDestructivePhrases = [
  'delete', 'remove', 'logout', 'log out', 'log off', 'logoff', 'sign out', 'signout', 'sign off',
  'pay', 'pay now', 'purchase', 'buy', 'buy now', 'checkout', 'place order', 'order now',
  'unsubscribe', 'deactivate', 'destroy', 'reset', 'erase', 'wipe', 'purge', 'terminate',
  'revoke', 'close account', 'cancel subscription', 'cancel account', 'disable account', 'uninstall',
  'exit', 'quit', 'shut down', 'shutdown', 'restart', 'reboot', 'power off', 'poweroff',
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each phrase as whole words with any separator (`log-out`, `log_out`, `LogOut` after splitting). */
const kPhrasePattern = new RegExp(
  `(?:^|[^a-z])(?:${kDestructivePhrases.map((p) => escapeRegExp(p).replace(/ /g, '[\\s_-]*')).join('|')})(?:$|[^a-z])`,
);

/** Splits camelCase and lowercases: `LogOut` -> `log out`, `deleteItem` -> `delete item`. */
function words(text: string): string {
  return text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export function isDestructiveText(text: string): boolean {
  return kPhrasePattern.test(words(text));
}

/** A link's path segments and query values (`/items/3/delete`, `?do=logout`), not its host. */
function hrefWords(href: string): string {
  try {
    const url = new URL(href, 'http://x.invalid/');
    const query = [...url.searchParams].map(([key, value]) => `${key} ${value}`).join(' ');
    return `${decodeURIComponent(url.pathname).replace(/[/.]/g, ' ')} ${query}`;
  } catch {
    return href;
  }
}

export interface ControlText {
  name: string;
  href?: string;
  /** A form button's `value`/`formaction` and the like, when perceived. */
  extra?: string[];
}

export function isDestructive(control: ControlText): boolean {
  if (isDestructiveText(control.name)) return true;
  if (control.href && isDestructiveText(hrefWords(control.href))) return true;
  return (control.extra ?? []).some(isDestructiveText);
}
