import type { Page } from 'playwright';
import type { Node } from 'ts-morph';
import type { Baseline, BaselineCall } from '../core/schema/baseline.ts';
import { locatorFromCode } from '../core/locator/build.ts';
import { pageKey, type PageMembers } from './page-members.ts';
import { relocate } from './relocate.ts';
import type { PlacedCall } from './use-snapshots.ts';
import type { WrittenLocator } from './written-locator.ts';

/**
 * A locator written once and used by several calls (two tests' `dialog.confirm`, a page object's
 * methods): the baseline's calls whose code reaches the one declaration, and the check that a new
 * way to write it finds, for every one of them, that call's own element alone in that call's own
 * snapshot. One use's element is not evidence for another's: a locator rewritten by the failing
 * call's name would find that call's element only, and break the others.
 */

/** A call of the baseline that reaches the declaration. */
export interface SharedUse {
  /** The baseline's test (`dialogs.spec.ts › deletes`). */
  test: string;
  call: BaselineCall;
  /** Where the call is made in the code now (the baseline's place, moved by any edit since). */
  now: PlacedCall;
  /** Its whole locator as the code writes it now, from the page. */
  code: string;
  /** The declaration as this use reaches it (with the values its call passes a helper). */
  declared: WrittenLocator;
}

/** One declaration, by its file and where it starts: the same whichever call it was followed from. */
export function declarationKey(node: Node): string {
  return `${node.getSourceFile().getFilePath()}:${node.getStart()}`;
}

/** The locator code from the page of a written locator: its scope, then its own code. */
export function fromPage(written: WrittenLocator): string {
  return written.scope ? `${written.scope}.${written.code}` : written.code;
}

/** How a use is named in a message: its test and where its call is made. */
export function useName(use: SharedUse): string {
  return `${use.test} (${use.now.at.file}:${use.now.at.line})`;
}

/**
 * The baseline's calls whose locator is built through the declaration `key` (itself, or a
 * container it is found inside), each test's calls at one place once: the turns of a loop at the
 * same place are one use. `placeOf` says where a call is made now; `follow` reads the locator
 * written there, null when it cannot.
 */
export function usesOf(baseline: Baseline, key: string, placeOf: (call: BaselineCall) => PlacedCall, follow: (at: PlacedCall['at']) => WrittenLocator | null): SharedUse[] {
  const uses: SharedUse[] = [];
  const seen = new Set<string>();
  for (const test of baseline.tests) {
    for (const call of test.calls) {
      const now = placeOf(call);
      const place = `${test.test}\u0000${now.at.file}:${now.at.line}:${now.at.column}`;
      if (seen.has(place)) continue;
      const written = follow(now.at);
      let declared: WrittenLocator | null = null;
      for (let at: WrittenLocator | null = written; at; at = at.container) if (declarationKey(at.node) === key) declared = at;
      if (!written || !declared) continue;
      seen.add(place);
      uses.push({ test: test.test, call, now, code: fromPage(written), declared });
    }
  }
  return uses;
}

export interface SharedWayInput {
  page: Page;
  uses: SharedUse[];
  /** The declaration's code from the page as written now, which each use's code holds. */
  from: string;
  /** Ways to write it anew, from the page, preferred first. */
  ways: string[];
  /** A way as `use` would build it (a helper's way read with the values that use passes); null when it cannot. */
  wayOf?(use: SharedUse, way: string): string | null;
  /** Shows the use's own snapshot of its call in `page`: the address it was taken at, or why there is none (`unreached`: its test stopped before it). */
  show(use: SharedUse): Promise<{ pageUrl: string } | { missing: string; unreached?: true }>;
  /** Shows the page `use`'s test stopped on in this run (the snapshot of its last call): where a use it did not reach is checked. */
  stoppedOn?(use: SharedUse): Promise<{ pageUrl: string } | { missing: string }>;
  testIdAttribute: string;
  peers(call: BaselineCall): PageMembers;
}

/** A call's page members as relocate takes them. */
const peersOf = ({ members, elsewhere }: PageMembers) => ({ peers: members, elsewhere });

/** How long the use's own element is waited for: the snapshot is shown and still, it is there at once or never. */
const kHandleTimeoutMs = 1_000;

/** Whether `element` is one of the elements `code` finds in the page. */
async function findsAmong(page: Page, code: string, element: string): Promise<boolean> {
  try {
    const own = await locatorFromCode(page, element).elementHandle({ timeout: kHandleTimeoutMs });
    if (!own) return false;
    const all = await locatorFromCode(page, code).elementHandles();
    for (const each of all) if (await each.evaluate((el, other) => el === other, own)) return true;
    return false;
  } catch {
    return false;
  }
}

/** Whether `code` finds one element in the page, and it is the one `element` finds. */
async function findsAlone(page: Page, code: string, element: string): Promise<string | null> {
  try {
    const found = locatorFromCode(page, code);
    const count = await found.count();
    if (count !== 1) return `finds ${count} elements`;
    const own = await locatorFromCode(page, element).elementHandle({ timeout: kHandleTimeoutMs });
    const same = own ? await found.evaluate((el, other) => el === other, own) : false;
    return same ? null : 'finds another element';
  } catch (err) {
    return `cannot be run (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`;
  }
}

/**
 * Whether two uses are one test's calls of one locator on one element: the same code from the
 * page, and the baseline found the same element for both (its place in the same document). A
 * check of the one is then a check of the other: `beans.check()` and then
 * `expect(beans).toBeChecked()`, where the test failed at the first and never reached the second.
 */
export function sameLocatorSameElement(a: SharedUse, b: SharedUse): boolean {
  const [x, y] = [a.call.fingerprint, b.call.fingerprint];
  return a.test === b.test && a.code === b.code && pageKey(a.call.url) === pageKey(b.call.url)
    && x.xpath === y.xpath && x.cssPath === y.cssPath && JSON.stringify(x.frameChain) === JSON.stringify(y.frameChain) && JSON.stringify(x.shadowHosts) === JSON.stringify(y.shadowHosts);
}

/**
 * The first way that finds every use's own element alone in its snapshot; else why not, naming the
 * uses. A use its test did not reach in this run (it failed before) has no snapshot: it holds by
 * the check of an earlier use of the same test that is the same locator on the same element
 * (`sameLocatorSameElement`); else it is checked on the page its test stopped on, where its
 * element is re-found from its fingerprint, its locator as written still finds it (among
 * look-alikes the release added: nothing of it changed), and it is another element than the ones
 * the test's checked uses act on there: a site-wide link is on every page, and a person checks the
 * helper's other use there. A use whose element is not on that page as written leaves nothing to
 * say of it, and no way is taken.
 */
export async function sharedWay(input: SharedWayInput): Promise<{ ok: true; way: string; unreached: SharedUse[]; elsewhere: SharedUse[] } | { ok: false; reason: string }> {
  const failed = new Map<string, string>();
  const checked: { use: SharedUse; element: string }[] = [];
  const unreached: SharedUse[] = [];
  const elsewhere: SharedUse[] = [];
  for (const use of input.uses) {
    let shown = await input.show(use);
    let stopped = false;
    if ('missing' in shown && shown.unreached) {
      if (checked.some((each) => sameLocatorSameElement(each.use, use))) {
        unreached.push(use);
        continue;
      }
      const last = input.stoppedOn ? await input.stoppedOn(use) : null;
      if (last && 'pageUrl' in last) [shown, stopped] = [last, true];
    }
    if ('missing' in shown) return { ok: false, reason: `${useName(use)}: ${shown.missing}` };
    const { fingerprint, heading, title } = use.call;
    const found = await relocate(input.page, { fingerprint, heading, title: title ?? null, current: use.code, testIdAttribute: input.testIdAttribute, pageUrl: shown.pageUrl, ...peersOf(input.peers(use.call)) });
    // Where the old locator still finds it, the use's element is the one it finds.
    const element = found.ok ? found.code : found.reason.startsWith('the locator still finds the recorded element alone') ? use.code : null;
    if (element === null) {
      const where = stopped ? `its test did not reach it in this run, and its element is not re-found on the page its test stopped on, ${shown.pageUrl}` : 'its own element is not re-found in its snapshot';
      return { ok: false, reason: `${useName(use)}: ${where} (${found.ok ? '' : found.reason})` };
    }
    if (stopped) {
      if (!await findsAmong(input.page, use.code, element)) return { ok: false, reason: `${useName(use)}: its test did not reach it in this run, and on the page its test stopped on, ${shown.pageUrl}, its locator as written does not find its element` };
      for (const other of checked.filter((each) => each.use.test === use.test)) {
        if (await findsAlone(input.page, other.element, element) === null) return { ok: false, reason: `${useName(use)}: its test did not reach it in this run, and on the page its test stopped on its element is re-found as the one ${useName(other.use)} acts on` };
      }
      elsewhere.push(use);
    }
    for (const way of input.ways) {
      if (failed.has(way)) continue;
      const from = input.wayOf ? fromPage(use.declared) : input.from;
      const own = input.wayOf ? input.wayOf(use, way) : way;
      const code = own !== null && use.code.includes(from) ? use.code.replace(from, own) : null;
      const why = code === null ? 'is not built from the declaration as written' : await findsAlone(input.page, code, element);
      if (why) failed.set(way, `\`${way}\` ${why} in the snapshot of ${useName(use)}${stopped ? ` (the page its test stopped on: it did not reach the call)` : ''}`);
    }
    checked.push({ use, element });
  }
  const way = input.ways.find((w) => !failed.has(w));
  if (way !== undefined) return { ok: true, way, unreached, elsewhere };
  return { ok: false, reason: failed.get(input.ways.at(-1)!) ?? 'no way to write it anew' };
}
