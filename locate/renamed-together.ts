import type { Frame } from 'playwright';
import type { Fingerprint } from '../core/schema/history.ts';
import type { Candidate } from './candidates.ts';

/**
 * Whether an element under another name is one of a repeated control whose caption was reworded
 * wherever it appears: every element of its role that shared the recorded name (a "Remove" in
 * each row) now shares the new one, in the same number, and none is left under the recorded name.
 * A control replaced in one place leaves its look-alikes under the old name; one reworded in its
 * template changes them all. Which of the look-alikes is the recorded one is then for its row, or
 * the recorded scope, to say. Null when that is not so.
 */

type AriaRole = Parameters<Frame['getByRole']>[0];

export async function renamedTogether(fp: Fingerprint, winner: Candidate): Promise<string | null> {
  const name = winner.features.name;
  if (!fp.role || fp.roleNameCount < 2 || !name.trim() || !fp.name.trim()) return null;
  const count = (n: string) => winner.frame.getByRole(fp.role as AriaRole, { name: n, exact: true }).count().catch(() => -1);
  const [now, left] = await Promise.all([count(name), count(fp.name)]);
  if (now !== fp.roleNameCount || left !== 0) return null;
  return `each of the ${now} ${fp.role}s named "${fp.name}" when recorded is named "${name}" now: a caption reworded wherever it appears`;
}
