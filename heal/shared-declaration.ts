import type { PageMembers } from './page-members.ts';
import path from 'node:path';
import type { SourceFile } from 'ts-morph';
import { takeFingerprint } from '../core/fingerprint/take.ts';
import { locatorFromCode } from '../core/locator/build.ts';
import type { Baseline, BaselineCall, CodeAt } from '../core/schema/baseline.ts';
import type { SnapshotPage } from '../locate/snapshot/snapshot-page.ts';
import { inPage } from '../core/in-page.ts';
import { renamedWays, writtenClasses } from './renamed-ways.ts';
import { declarationKey, fromPage, sharedWay, useName, usesOf } from './shared-uses.ts';
import type { PlacedCall, UseSnapshots } from './use-snapshots.ts';
import { writtenLocator, type WrittenLocator } from './written-locator.ts';
import { instantiated, templated } from './passed-values.ts';

/**
 * The rule for a locator written once and used by several calls: it is patched only with a way
 * that finds, for every use the baseline has, that use's own element alone in its own snapshot of
 * this run; else it is refused, naming the uses. The smallest change of how it is reached (the
 * class or test id the release renamed) is tried before the way the failing call's element alone
 * gave (its own name).
 */

export interface SharedDeclarationInput {
  written: WrittenLocator;
  /** The new code the failing call's element was re-found by, relative to the chain's root. */
  code: string;
  /**
   * For a container's code: the code inside it that finds the failing call's element. What the
   * release renamed is read around that element, the container itself among its ancestors.
   */
  inside?: string;
  recorded: BaselineCall;
  baseline: Baseline;
  /** The suite's root on the machine that ran it (what baseline places are relative to). */
  root: string;
  /** The local copy of a file a trace names. */
  local(file: string): string | null;
  open(file: string): SourceFile;
  shown: SnapshotPage;
  snapshots: UseSnapshots;
  testIdAttribute: string;
  peers(call: BaselineCall): PageMembers;
  /** `file:line` as the messages name it (from the project). */
  relative(where: string): string;
}

export type SharedCode = { ok: true; code: string; signals: string[] } | { ok: false; reason: string };

/** The code to write for `written`: `code` when only one call uses it, else the way every use holds. */
export async function sharedDeclaration(input: SharedDeclarationInput): Promise<SharedCode> {
  const { written } = input;
  if (written.name === null) return { ok: true, code: input.code, signals: [] };
  const key = declarationKey(written.node);
  const name = written.name;
  // A call of a helper whose values heal cannot read is a use it cannot check.
  let unread: string | null = null;
  // A file that never mentions the name cannot reach the declaration: not read with the checker.
  const mentions = (file: string): SourceFile | null => {
    const local = input.local(path.posix.normalize(`${input.root}/${file}`));
    if (!local) return null;
    const source = input.open(local);
    return source.getFullText().includes(name) ? source : null;
  };
  const placed = new Map<BaselineCall, PlacedCall>();
  for (const test of input.baseline.tests) {
    for (const call of test.calls) if (mentions(call.at.file)) placed.set(call, await input.snapshots.placeNow(test, call));
  }
  const follow = (at: CodeAt): WrittenLocator | null => {
    const source = mentions(at.file);
    if (!source) return null;
    const found = writtenLocator(source, at.line, at.column);
    if (found.kind === 'passed-in' && found.key === key) unread ??= `${at.file}:${at.line}: ${found.reason}`;
    return found.kind === 'written' ? found : null;
  };
  const uses = usesOf(input.baseline, key, (call) => placed.get(call) ?? { at: call.at, nth: call.nth }, follow);
  if (unread) return { ok: false, reason: `\`${name}\` (${input.relative(written.where)}) is written once and used by several calls, one of which cannot be read (${unread}): not patched` };
  if (uses.length < 2) return { ok: true, code: input.code, signals: [] };
  const from = fromPage(written);
  const scoped = (code: string) => (written.scope ? `${written.scope}.${code}` : code);
  // The re-found element as the failing call's snapshot shows it, read before another use's snapshot is shown.
  const element = locatorFromCode(input.shown.page, input.inside ? `${scoped(input.code)}.${input.inside}` : scoped(input.code));
  const live = await takeFingerprint(element).catch(() => null);
  const around = live ? await inPage.fn('ancestorClasses').then((fn) => element.evaluate(fn, writtenClasses(written.code))).catch(() => undefined) : undefined;
  const renamed = live ? renamedWays(written.code, input.recorded.fingerprint, live, around) : [];
  const ways = [...renamed, input.code];
  // A helper's way, as the code that failed passes its values, read for another use with that use's values.
  const wayOf = written.passed.length ? (use: { declared: WrittenLocator }, way: string) => {
    const kept = templated(written.scope && way.startsWith(`${written.scope}.`) ? way.slice(written.scope.length + 1) : way, written);
    const own = 'code' in kept ? instantiated(kept.code, use.declared) : null;
    return own === null ? null : use.declared.scope ? `${use.declared.scope}.${own}` : own;
  } : undefined;
  const found = await sharedWay({
    page: input.shown.page, uses, from, ways: ways.map(scoped), wayOf, testIdAttribute: input.testIdAttribute, peers: input.peers,
    show: (use) => input.snapshots.show(input.shown, use.test, use.now.at, use.now.nth),
    stoppedOn: (use) => input.snapshots.showLast(input.shown, use.test),
  });
  const names = uses.map(useName).join(', ');
  if (!found.ok) return { ok: false, reason: `\`${name}\` (${input.relative(written.where)}) is written once and used by ${uses.length} calls: ${names}; no new locator finds each one's own element alone in its snapshot (${found.reason}): not patched` };
  const code = ways[ways.map(scoped).indexOf(found.way)]!;
  const signals = [`\`${name}\` is used by ${uses.length} calls (${names}): the new locator finds each one's own element alone${renamed.includes(code) ? ', by what the release renamed' : ''}`];
  if (found.elsewhere.length) signals.push(`not reached in this run, checked on the page its test stopped on: ${found.elsewhere.map(useName).join(', ')}`);
  if (found.unreached.length) signals.push(`not reached in this run, held by an earlier call of its test that is the same locator on the same element in the baseline: ${found.unreached.map(useName).join(', ')}`);
  return { ok: true, code, signals };
}
