import type { Page } from 'playwright';
import { takeFingerprint } from '../core/fingerprint/take.ts';
import { renamedWays } from './renamed-ways.ts';
import { locatorFromCode } from '../core/locator/build.ts';
import { quote, tryParseLocatorCode } from '../core/locator/code.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import type { ModelLocator } from '../core/schema/page-model.ts';
import { elementCandidates } from '../generate/model/candidates.ts';
import { innerCandidates } from '../generate/model/rows.ts';
import { withMembersAsPeers } from '../core/aria/peers.ts';
import type { ScoredCandidate } from '../locate/cascade.ts';
import { locate } from '../locate/locate.ts';
import { normalizeText } from '../locate/text.ts';
import { attributeWays, classWays, readableClass, selector } from './attribute-ways.ts';
import { itemWays } from './item-ways.ts';
import { brokenLocatorScope, tiedInside } from './recorded-scope.ts';
import { sameOriginPath } from '../locate/same-origin-path.ts';
import { checkCode, locatorExpression } from '../core/locator/model-code.ts';

/**
 * Re-finds a recorded element in a DOM snapshot shown in a page (scripts off) with replay's
 * cascade, with its refusals, and finds it a new locator: the first of the ways generate would
 * try that resolves to that element alone in the snapshot. Positional ways (a pick among
 * look-alikes, a structural CSS path) are never written into code.
 */

/** Marks the re-found element while its locators are checked; only in the snapshot page, never the app. */
const kMark = 'data-bu-heal-target';

/** The best candidate after the chosen one; scores leave position out, as the cascade's pick does. */
export interface Runner {
  what: string;
  score: number;
  /** What rules it out whatever its score (another landmark, role, row, link target); empty when only the margin does. */
  contradictions: string[];
}

export type Relocated =
  | { ok: true; locator: ModelLocator; code: string; signals: string[]; level: string; score: number; runnerUp: Runner | null; margin: number | null }
  /** `unsaid`: the re-found element, when a locator found it alone but each such locator says something else than `says` asks. */
  | { ok: false; reason: string; unsaid?: Fingerprint };

export interface RelocateInput {
  fingerprint: Fingerprint;
  /** The member's locator code now, relative to the page (`getByRole('button', { name: 'Sign in' })`); null when unreadable. */
  current: string | null;
  /** The page's main heading when recorded. */
  heading: string | null;
  /** The page's title when recorded; null or absent when not known (a page object's member keeps none). */
  title?: string | null;
  testIdAttribute: string;
  /** The address the snapshot was taken at. */
  pageUrl: string;
  /**
   * For a member of one item of a collection: the locator of its item as the failing call built
   * it (`getByRole('row').filter({ has: getByText('bob', { exact: true }) })`), which `current` and
   * the new locator are relative to. The element is re-found inside that item only.
   */
  item?: string | null;
  /**
   * The item's class keeps the text its item was found by (`this.text`): a member that shows the
   * item's key may be written as found by it. Without it such a way is not offered.
   */
  itemText?: boolean;
  /**
   * The other members the page objects recorded on the same page: evidence that the page was
   * reworded around a renamed element (see locate/renamed-evidence.ts).
   */
  peers?: Fingerprint[];
  /** Members recorded at the same address in other states of the page: only names it is never taken for (see heal/page-members.ts). */
  elsewhere?: Fingerprint[];
  /**
   * The kind of locator the code was written with (a test id, CSS, a role): the ways of that kind
   * are tried first, so a team's style is kept where a way of it finds the element alone.
   */
  prefer?: ModelLocator['kind'];
  /**
   * Leading parts of the broken locator, longest first, as page-relative code
   * (`locator('.card').filter({ hasText: 'Pro' })` of a chain whose button was renamed): the new
   * locator is written inside the first that still finds one element holding the re-found one,
   * so only the part that broke changes. Not with `item`.
   */
  keep?: string[];
  /**
   * For an element an assertion checks: whether a new locator (page-relative code) still says
   * what the old one expects (its name, text, label...; heal/locator-expectations.ts). A way that
   * does not is never written: when no way that finds the element alone does, the failure names
   * the re-found element as `unsaid`, an expectation that changed.
   */
  says?: (code: string) => boolean;
}

function describe(c: ScoredCandidate): string {
  const f = c.item.features;
  return `${f.role ?? f.tag} "${f.name}"`;
}

/** The recorded signals the re-found element still shows. */
export function matchedSignals(fp: Fingerprint, live: Fingerprint): string[] {
  const same = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a !== '' && normalizeText(a) === normalizeText(b);
  const out: string[] = [];
  if (same(fp.role, live.role)) out.push(`role ${fp.role}`);
  if (same(fp.name, live.name)) out.push(`name "${fp.name}"`);
  else if (fp.name && live.name) out.push(`name "${fp.name}" -> "${live.name}"`);
  if (same(fp.testId, live.testId)) out.push(`test id ${fp.testId}`);
  if (same(fp.id, live.id)) out.push(`id ${fp.id}`);
  if (same(fp.nameAttr, live.nameAttr)) out.push(`form name ${fp.nameAttr}`);
  if (same(fp.label, live.label)) out.push(`label "${fp.label}"`);
  if (same(fp.placeholder, live.placeholder)) out.push(`placeholder "${fp.placeholder}"`);
  if (same(fp.hrefPath, live.hrefPath)) out.push(`link target ${fp.hrefPath}`);
  if (same(fp.type, live.type)) out.push(`type ${fp.type}`);
  const landmarks = (f: Fingerprint) => f.landmarks.map((l) => `${l.role}${l.name ? ` "${l.name}"` : ''}`).join(' > ');
  if (fp.landmarks.length && landmarks(fp) === landmarks(live)) out.push(`inside ${landmarks(fp)}`);
  if (fp.container?.text && live.container?.text && same(fp.container.text, live.container.text)) out.push(`in the ${fp.container.role} "${fp.container.text.slice(0, 40)}"`);
  return out;
}

/** Whether `code` finds one element, and the marked element is in it. */
async function holdsMarkAlone(page: Page, code: string): Promise<boolean> {
  try {
    const holds = await locatorFromCode(page, code).evaluateAll((els, attribute) => els.map((el) => el.querySelector(`[${attribute}]`) !== null), kMark);
    return holds.length === 1 && holds[0] === true;
  } catch {
    return false;
  }
}

async function resolvesToMark(page: Page, code: string): Promise<boolean> {
  try {
    const marks = await locatorFromCode(page, code).evaluateAll((els, attribute) => els.map((el) => el.hasAttribute(attribute)), kMark);
    return marks.length === 1 && marks[0] === true;
  } catch {
    return false;
  }
}

export async function relocate(page: Page, input: RelocateInput): Promise<Relocated> {
  const members = input.peers ?? [];
  const fp = withMembersAsPeers(input.fingerprint, members);
  const item = input.item ?? null;
  // Locator code relative to the page: a member of an item is found inside its item.
  const fromPage = (code: string) => (item ? `${item}.${code}` : code);
  const current = input.current === null ? null : fromPage(input.current);
  if (item) {
    const items = await locatorFromCode(page, item).count().catch(() => 0);
    if (items !== 1) return { ok: false, reason: `the item locator \`${item}\` finds ${items} items: heal re-finds an element inside its item only while the item itself is found` };
  }
  const recorded = current && tryParseLocatorCode(current).ok ? { code: current, matches: 1 } : null;
  // As replay asks: the recorded fingerprint, its link targets read against the app's address.
  const request = { fingerprint: input.fingerprint, recorded, members, elsewhere: input.elsewhere, title: input.title ?? null, heading: input.heading, pageUrl: input.pageUrl, pageEvidence: !item };
  const result = await locate(page, request, { timeoutMs: 0 });
  if (result.kind === 'page-changed') return { ok: false, reason: `page changed: the snapshot is not the page ${fp.role ?? fp.tag} "${fp.name}" was recorded on (${result.lost}); nothing is healed element by element there` };
  if (result.kind === 'missing') {
    const refused = result.notes.find((n) => n.endsWith('refused'));
    // The cascade weighs shown elements only: a locator that still finds one, hidden, names the app's state.
    const hidden = current && !refused ? await locatorFromCode(page, current).evaluateAll((els) => els.length === 1 && els[0]!.getClientRects().length === 0).catch(() => false) : false;
    if (hidden) return { ok: false, reason: `the locator still finds one element, not shown now, and no shown element agrees with the recorded ${fp.role ?? fp.tag} "${fp.name}": what failed is not how the element is found (the app's state changed)` };
    return { ok: false, reason: refused ?? `no element on the page agrees with the recorded ${fp.role ?? fp.tag} "${fp.name}"${result.notes.length ? ` (${result.notes.slice(-2).join('; ')})` : ''}` };
  }
  // Look-alikes that tie everywhere are told apart by the part of the broken locator that still holds.
  let scope: string | null = null;
  let candidate: ScoredCandidate;
  if (result.kind === 'ambiguous') {
    scope = current && !item ? await brokenLocatorScope(page, current) : null;
    const inside = scope ? await tiedInside(page, scope, result.tied) : [];
    if (inside.length !== 1) {
      const within = scope ? `; ${inside.length} of them inside \`${scope}\`, the part of the locator that still finds one element` : '';
      return { ok: false, reason: `ambiguous: ${result.tied.length} elements agree equally with the recorded ${fp.role ?? fp.tag} "${fp.name}" (${result.tied.map(describe).join(', ')})${within}` };
    }
    candidate = inside[0]!;
  } else candidate = result.candidate;
  if (candidate.item.frame !== page.mainFrame() || candidate.item.features.frameDepth > 0 || candidate.item.features.shadowHosts.length) {
    return { ok: false, reason: `the recorded element was found inside a frame or shadow root, which heal does not write locators for` };
  }
  // Scores as the cascade compares candidates: what an element is, its position aside.
  const essential = (c: ScoredCandidate) => c.agreement.score - c.agreement.positional;
  // The pool holds each element once, scored before the pick's final adjustments: the winner is left out by what it is.
  const same = (c: ScoredCandidate) => c.item === candidate.item || (c.item.framePath === candidate.item.framePath && c.item.features.cssPath === candidate.item.features.cssPath);
  const runner = result.pool.filter((c) => !same(c)).sort((a, b) => essential(b) - essential(a))[0] ?? null;
  const runnerUp = runner ? { what: describe(runner), score: essential(runner), contradictions: runner.agreement.contradictions } : null;
  // The current locator still finding this element alone means the locator was not what broke.
  await page.evaluate((attribute) => document.querySelectorAll(`[${attribute}]`).forEach((el) => el.removeAttribute(attribute)), kMark);
  await candidate.item.locator.evaluate((el, attribute) => el.setAttribute(attribute, ''), kMark);
  if (item && !(await locatorFromCode(page, item).evaluate((el, attribute) => el.querySelector(`[${attribute}]`) !== null, kMark).catch(() => false))) {
    return { ok: false, reason: `re-found the ${describe(candidate)} outside its item \`${item}\`: refused, a member of an item stays in its item` };
  }
  if (current && await resolvesToMark(page, current)) {
    const now = await candidate.item.locator.evaluate((el) => ({
      disabled: (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true',
      shown: el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
    })).catch(() => null);
    // What the snapshot shows of the element beside what was recorded: the app's state, not its locator.
    const state = now?.disabled && !fp.state.disabled ? ', disabled now (enabled when recorded: a step before it did not have its effect)' : now && !now.shown ? ', not shown now' : '';
    return { ok: false, reason: `the locator still finds the recorded element alone${state}: what failed is not how the element is found (an expectation or the app changed)` };
  }
  const live = await takeFingerprint(candidate.item.locator);
  // Inside an item, the ways generate finds an element in its item (a name that is the item's data last).
  const ways = (item ? innerCandidates(live, itemKeyOf(item), input.testIdAttribute, live.testIdAttribute).map((c) => c.locator) : elementCandidates(live, { testIdAttribute: input.testIdAttribute, testIdFrom: live.testIdAttribute, recorded: null }))
    .filter((way) => way.nth === null && !(way.kind === 'selector' && way.value === live.cssPath) && !(way.key && !input.itemText));
  // A look-alike elsewhere on the page (a copy in a sidebar, a second form) leaves the element alone
  // only inside its own landmark: its name and role there, innermost landmark first, named or not.
  if (!item) ways.push(...landmarkWays(live));
  // An element that lost its name, or shares it with look-alikes, by what its markup says it is.
  const markup = await candidate.item.locator.evaluate((el) => {
    const ids: string[] = [];
    const classes: string[][] = [];
    for (let at = el.parentElement; at; at = at.parentElement) {
      if (at.id) ids.push(at.id);
      if (at !== document.body && at !== document.documentElement) classes.push(Array.from(at.classList));
    }
    return { ids, classes, href: el.getAttribute('href'), resolved: el.localName === 'a' && el.namespaceURI === 'http://www.w3.org/1999/xhtml' ? (el as HTMLAnchorElement).href : null };
  }).catch(() => ({ ids: [] as string[], classes: [] as string[][], href: null, resolved: null }));
  const recordedTarget = input.fingerprint.hrefPath !== null && sameOriginPath(markup.resolved, input.pageUrl) === input.fingerprint.hrefPath;
  ways.push(...attributeWays(live, { ancestorIds: item ? [] : markup.ids, href: recordedTarget ? markup.href : null }));
  // Look-alikes in every item of a list (a collapse button per object) by the item's own text.
  if (!item) ways.push(...(await itemWays(page, live, kMark, input.testIdAttribute, input.fingerprint.volatile)));
  // Last, its role and name inside its own container, when only a class names that container.
  if (!item) ways.push(...classWays(live, markup.classes));
  const preferred = input.prefer ? [...ways.filter((way) => way.kind === input.prefer), ...ways.filter((way) => way.kind !== input.prefer)] : ways;
  const codes = preferred.map((way) => ({ way, code: checkCode(way, input.testIdAttribute) }));
  const signals = [...matchedSignals(input.fingerprint, { ...live, hrefPath: sameOriginPath(live.hrefPath, input.pageUrl) })];
  if (result.kind === 'found' && result.renamedEvidence) signals.push(`renamed: ${result.renamedEvidence}`);
  const found = (locator: ModelLocator, code: string): Relocated => ({
    ok: true, locator: { ...locator, matches: 1, verified: true }, code, signals, level: result.level, score: essential(candidate),
    runnerUp, margin: runnerUp ? essential(candidate) - runnerUp.score : null,
  });
  const written = (way: ModelLocator) => locatorExpression({ ...way, matches: 1, verified: true }, 'page', 'this.text').replace(/^page\./, '');
  // A way that finds the element alone but says another expectation than the assertion's is passed over, and counted.
  let unsaid = 0;
  const says = (code: string): boolean => {
    if (!input.says || input.says(code)) return true;
    unsaid++;
    return false;
  };
  if (result.kind !== 'ambiguous') {
    // The smallest change first: the code as written, what the release renamed on the element written anew (its classes, test id, id).
    for (const code of current && !item ? renamedWays(current, input.fingerprint, live) : []) {
      if (await resolvesToMark(page, code) && says(code)) return found(chainLocator(code), code);
    }
    // A look-alike elsewhere (a same-named copy in a sidebar): the code as written, inside the
    // element's own landmark, innermost first; what the code says (an exact name, a helper's
    // parameter) stays as written.
    for (const scope of current && !item ? landmarkScopes(live) : []) {
      const code = `${scope}.${current}`;
      if (!(await resolvesToMark(page, code)) || !says(code)) continue;
      signals.push(`the locator as written, inside \`${scope}\`: its look-alike is outside it`);
      return found(chainLocator(code), code);
    }
    for (const kept of item ? [] : input.keep ?? []) {
      if (!(await holdsMarkAlone(page, kept))) continue;
      for (const { way, code } of codes) {
        if (!(await resolvesToMark(page, `${kept}.${code}`))) continue;
        const inKept = `${kept}.${written(way)}`;
        if (!says(inKept)) continue;
        signals.push(`inside \`${kept}\`, the part of the locator that still finds one element`);
        return found(chainLocator(inKept), inKept);
      }
    }
    for (const { way, code } of codes) if (await resolvesToMark(page, fromPage(code)) && says(fromPage(written(way)))) return found(way, written(way));
  }
  // Look-alikes everywhere else (a collapse button in every code sample): inside the part of the
  // broken CSS locator that still finds one element, when the element is in it, every way again.
  if (!item && current && scope === null) {
    scope = await brokenLocatorScope(page, current);
    if (scope && !(await page.locator(`css=${scope}`).evaluate((root, attribute) => root.querySelector(`[${attribute}]`) !== null, kMark).catch(() => false))) scope = null;
  }
  if (scope) {
    const scopeCode = `locator(${quote(scope)})`;
    signals.push(result.kind === 'ambiguous'
      ? `the only one of ${result.tied.length} look-alikes inside \`${scope}\`, the part of the locator that still finds one element`
      : `inside \`${scope}\`, the part of the locator that still finds one element`);
    for (const { way, code } of codes) {
      if (!(await resolvesToMark(page, `${scopeCode}.${code}`))) continue;
      const inScope = `${scopeCode}.${written(way)}`;
      if (!says(inScope)) continue;
      return found(chainLocator(inScope), inScope);
    }
  }
  if (unsaid) return { ok: false, reason: `re-found the ${describe(candidate)}${scope ? ` inside \`${scope}\`` : ''}, but no locator that finds it alone says what the assertion's locator expects`, unsaid: live };
  return { ok: false, reason: `re-found the ${describe(candidate)}${scope ? ` inside \`${scope}\`` : ''}, but no locator other than a position finds it alone` };
}

function chainLocator(code: string): ModelLocator {
  return { kind: 'chain', role: null, value: code, exact: false, frames: [], scope: null, row: null, matches: null, verified: false, nth: null };
}

/** The landmarks around the element as the code that finds each, innermost first. */
function landmarkScopes(live: Fingerprint): string[] {
  return [...live.landmarks].reverse().map((l) => `getByRole(${quote(l.role)}${l.name ? `, { name: ${quote(l.name)} }` : ''})`);
}

/** Role and name, then label and placeholder, inside each landmark around the element, innermost first. */
export function landmarkWays(live: Fingerprint): ModelLocator[] {
  const base = { frames: [] as string[], row: null, matches: null, verified: false, exact: false, nth: null };
  const out: ModelLocator[] = [];
  for (const landmark of [...live.landmarks].reverse()) {
    const scope = { role: landmark.role, name: landmark.name || null };
    if (live.role && live.name) out.push({ ...base, kind: 'role', role: live.role, value: live.name, scope });
    if (live.label) out.push({ ...base, kind: 'label', role: null, value: live.label, scope });
    if (live.placeholder) out.push({ ...base, kind: 'placeholder', role: null, value: live.placeholder, scope });
  }
  return out;
}

/** The text an item locator finds its item by (its last filter's), or '' when it has none. */
export function itemKeyOf(item: string): string {
  const parsed = tryParseLocatorCode(item);
  if (!parsed.ok) return '';
  for (const step of [...parsed.chain].reverse()) {
    if (step.kind !== 'filter') continue;
    const shown = step.options.has?.find((inner) => inner.kind === 'getByText');
    const text = step.options.hasText ?? (shown?.kind === 'getByText' ? shown.text : undefined);
    if (typeof text === 'string') return text;
  }
  return '';
}

/** How many ancestors of the re-found element are tried as the container a broken container part now finds. */
const kContainerDepth = 12;

/**
 * A new first part for the container a locator is found inside (`this.card`, set to
 * `page.locator('.card').filter({ hasText: 'Pro' })`), when that first part no longer finds the
 * container and the rest of its chain (`rest`: its filters) still says which one it is. Called
 * after `relocate` re-found and marked the element: an ancestor of it, innermost first, found by a
 * way generate would write for it (its role, with its name when it has one; its landmark; a
 * hand-written id or class), such that the whole container chain finds one element, that element
 * holds the re-found one, and one of `inner` (the code the chain writes inside the container, as
 * written first) finds the re-found element alone inside it. Null when none does. Only the broken
 * part is rewritten: what the code says of the container and inside it stays.
 *
 * A container its filters tell apart from others of its kind (`filter({ has: heading })`) is the
 * nearest ancestor those filters hold for, or one further out that holds nothing like it: an
 * ancestor that also holds a look-alike of the one on the way up (an element of its tag beside it)
 * holds other containers of its kind, and the filters no longer say which (a board's `main` for a
 * panel, each panel given a class of its own).
 */
export async function repairedContainer(page: Page, rest: readonly string[], inner: readonly string[], testIdAttribute: string): Promise<{ first: string; inner: string } | null> {
  const marked = page.locator(`[${kMark}]`);
  if ((await marked.count().catch(() => 0)) !== 1) return null;
  const depth = await marked.evaluate((el) => {
    let n = 0;
    for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) n++;
    return n;
  });
  const filters = rest.filter((part) => part.startsWith('filter('));
  // For each ancestor, from the nearest: whether the element or ancestor on the way up to it has a look-alike beside it.
  const besideLookAlike = filters.length ? await marked.evaluate((el) => {
    const out: boolean[] = [];
    for (let at: Element | null = el; at?.parentElement && at.parentElement !== document.body; at = at.parentElement) {
      out.push([...at.parentElement.children].some((other) => other !== at && other.tagName === at!.tagName));
    }
    return out;
  }) : [];
  let nearest = 0;
  for (let up = 1; filters.length && up <= Math.min(depth, kContainerDepth); up++) {
    if (await page.locator(`[${kMark}]`).locator(`xpath=ancestor::*[${up}]`).and(locatorFromCode(page, ['locator(\'*\')', ...filters].join('.'))).count().catch(() => 0) === 1) {
      nearest = up;
      break;
    }
  }
  if (filters.length && !nearest) return null;
  for (let up = Math.max(1, nearest); up <= Math.min(depth, kContainerDepth); up++) {
    if (nearest && up > nearest && besideLookAlike[up - 1]) break;
    const ancestor = marked.locator(`xpath=ancestor::*[${up}]`);
    const live = await takeFingerprint(ancestor).catch(() => null);
    if (!live) continue;
    // A container is often one of many of its kind (a card, an article) its filters tell apart: its role alone first.
    const byRole: ModelLocator[] = live.role && live.role !== 'generic' && live.role !== 'none' ? [{ kind: 'role', role: live.role, value: null, exact: false, frames: [], scope: null, row: null, matches: null, verified: false, nth: null }] : [];
    // A hand-written class of its own (a panel's `ui-panel` where the code said `.panel`), as a team writing CSS writes it.
    const byClass = live.classes.filter(readableClass).map((name) => selector(`.${name}`));
    const ways = [...byRole, ...elementCandidates(live, { testIdAttribute, testIdFrom: live.testIdAttribute, recorded: null }), ...byClass, ...landmarkWays(live)]
      .filter((way) => way.nth === null && !(way.kind === 'selector' && way.value === live.cssPath));
    for (const way of ways) {
      const first = checkCode(way, testIdAttribute);
      const container = [first, ...rest].join('.');
      if (!(await holdsMarkAlone(page, container))) continue;
      for (const code of inner) {
        if (await resolvesToMark(page, `${container}.${code}`)) return { first: locatorExpression({ ...way, matches: 1, verified: true }, 'page', 'this.text').replace(/^page\./, ''), inner: code };
      }
    }
  }
  return null;
}
