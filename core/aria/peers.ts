import { kMaxPeers, type Fingerprint } from '../schema/history.ts';
import { kMaxNameChars, lineRoleName, outline } from './outline.ts';
import { normalizeAria } from './state.ts';

/**
 * The other elements of an element's role on its page, by name (a fingerprint's `peers`): what
 * the page held besides the recorded element, so that replay and heal never take one of them for
 * it ("Delete all" when "Delete" is gone).
 */

/** A name as the outline keeps it (figures, dates and times stood in, cut), compared case- and space-blind. */
export function peerName(name: string): string {
  return normalizeAria(name.replace(/\s+/g, ' ')).trim().slice(0, kMaxNameChars).toLowerCase();
}

/**
 * From a page's ai-mode aria snapshot: the names of the elements of `role` other than the one
 * named `name`, each once, nearest in document order to the `index`-th element of that role and
 * name first, at most `kMaxPeers`. Names equal to the element's own (its look-alikes) are left out:
 * they tell nothing apart.
 */
export function peersIn(snapshot: string, role: string, name: string, index = 0): string[] {
  const own = peerName(name);
  const lines = outline(snapshot).map(lineRoleName).map((line) => (line && line.role === role ? peerName(line.name) : null));
  const at = lines.map((n, i) => (n === own ? i : -1)).filter((i) => i >= 0)[index] ?? lines.findIndex((n) => n !== null);
  const near = lines
    .map((n, i) => ({ n, distance: Math.abs(i - at) }))
    .filter((x): x is { n: string; distance: number } => x.n !== null && x.n !== '' && x.n !== own)
    .sort((a, b) => a.distance - b.distance);
  return [...new Set(near.map((x) => x.n))].slice(0, kMaxPeers);
}

/**
 * The fingerprint with the names of `members` (other elements recorded on its page: a history's
 * other steps there, a page object's other members) of its role among its peers: a recording made
 * before peers were kept still knows those.
 */
export function withMembersAsPeers(fp: Fingerprint, members: readonly Fingerprint[]): Fingerprint {
  const more = memberPeerNames(fp, members);
  if (!more.length) return fp;
  return { ...fp, peers: [...new Set([...(fp.peers ?? []), ...more])] };
}

/** The names of `members` of `fp`'s role, as peers are written, its own name left out. */
export function memberPeerNames(fp: Fingerprint, members: readonly Fingerprint[]): string[] {
  const own = peerName(fp.name);
  return members.filter((m) => m.role === fp.role && m.name.trim() && peerName(m.name) !== own).map((m) => peerName(m.name));
}
