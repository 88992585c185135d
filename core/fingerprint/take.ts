import type { ElementHandle, Frame, Locator } from 'playwright';
import { peersIn } from '../aria/peers.ts';
import { inPage } from '../in-page.ts';
import { Fingerprint } from '../schema/history.ts';

/** How long to wait for the element to be attached before fingerprinting it. */
const kResolveTimeoutMs = 5_000;

export interface RoleName {
  role: string | null;
  name: string;
}

type AriaNode = string | { role?: string; name?: string; children?: AriaNode[] };

/**
 * Playwright's own role and accessible name for the element. Any aria snapshot other than a page
 * ai-mode snapshot invalidates earlier refs, so callers that hold refs pass `hints` instead.
 */
async function roleAndName(locator: Locator): Promise<RoleName> {
  const nodes = (await locator.ariaSnapshotJSON({ timeout: kResolveTimeoutMs })) as unknown as AriaNode[] | AriaNode;
  const first = Array.isArray(nodes) ? nodes[0] : nodes;
  if (!first || typeof first === 'string') return { role: null, name: typeof first === 'string' ? first : '' };
  return { role: first.role && first.role !== 'generic' ? first.role : null, name: first.name ?? '' };
}

async function frameChainOf(frame: Frame): Promise<Fingerprint['frameChain']> {
  const chain: Fingerprint['frameChain'] = [];
  for (let cur: Frame | null = frame; cur?.parentFrame(); cur = cur.parentFrame()) {
    const element = await cur.frameElement();
    const selector = await element.evaluate(await inPage.fn('cssPath'));
    await element.dispose();
    chain.unshift({ selector, name: cur.name() || null, url: cur.url() || null });
  }
  return chain;
}

async function positionAmongRoleName(frame: Frame, handle: ElementHandle, { role, name }: RoleName): Promise<[number, number]> {
  if (!role) return [0, 0];
  const peers = frame.getByRole(role as Parameters<Frame['getByRole']>[0], name ? { name, exact: true } : {});
  return peers.evaluateAll((els, target) => [Math.max(0, els.indexOf(target as HTMLElement)), els.length] as [number, number], handle);
}

/** The names of the other elements of its role on the page (see `FingerprintOptions.peersFrom`); null when not asked for or unreadable. */
async function peersOf(locator: Locator, { role, name }: RoleName, index: number, from: string | null | undefined): Promise<string[] | null> {
  if (from === undefined || !role) return from === undefined ? null : [];
  const snapshot = from ?? await locator.page().ariaSnapshot({ mode: 'ai', timeout: kResolveTimeoutMs }).catch(() => null);
  return snapshot === null ? null : peersIn(snapshot, role, name, index);
}

export interface FingerprintOptions {
  /**
   * Where the names of the other elements of its role (`peers`) come from: a page ai-mode snapshot
   * just taken, or null to take one (a page ai-mode snapshot leaves earlier refs valid). Absent:
   * not recorded (a fingerprint only compared, never stored).
   */
  peersFrom?: string | null;
}

/**
 * What Chromium says when the document an element handle belongs to went away while it was read
 * (the page navigated or reloaded itself: a rich editor's save reloading the article): the element
 * is looked for again in the new document.
 */
const kDocumentGone = /Cannot find context with specified id|Execution context was destroyed/;
/** Reads of an element through documents that went away, before the error stands: a page that reloads itself once or twice settles within these. */
const kDocumentGoneAttempts = 3;

/**
 * Everything replay needs to find this element again. `locator` must resolve to exactly one
 * element. Without `hints`, role and name come from an element aria snapshot, which invalidates
 * the page's aria refs: take a fresh ai snapshot before using refs again. A document that goes
 * away during the reads (the page navigated) is waited out and the element read again in the new one.
 */
export async function takeFingerprint(locator: Locator, hints?: RoleName, options: FingerprintOptions = {}): Promise<Fingerprint> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fingerprintOnce(locator, hints, options);
    } catch (err) {
      if (attempt >= kDocumentGoneAttempts || !kDocumentGone.test(String((err as Error)?.message ?? err))) throw err;
      await locator.page().waitForLoadState('domcontentloaded').catch(() => undefined);
    }
  }
}

async function fingerprintOnce(locator: Locator, hints: RoleName | undefined, options: FingerprintOptions): Promise<Fingerprint> {
  const handle = await locator.elementHandle({ timeout: kResolveTimeoutMs });
  if (!handle) throw new Error('element is not attached');
  try {
    const [dom, inTop, hit] = await handle.evaluate(await inPage.fn('probeInTop'));
    const frame = inTop ? locator.page().mainFrame() : await handle.ownerFrame();
    if (!frame) throw new Error('element has no frame');
    const frameChain = await frameChainOf(frame);
    const roleName = hints ?? (await roleAndName(locator));
    const [roleNameIndex, roleNameCount] = await positionAmongRoleName(frame, handle, roleName);
    const peers = await peersOf(locator, roleName, roleNameIndex, options.peersFrom);
    return Fingerprint.parse({
      ...dom,
      role: roleName.role,
      name: roleName.name,
      frameChain,
      roleNameIndex,
      roleNameCount,
      peers,
      ...(hit ? { hit } : {}),
    });
  } finally {
    await handle.dispose();
  }
}
