import type { Page } from 'playwright';
import { ariaHash, type TitleAndHeading } from '../../core/aria/state.ts';
import { inPage } from '../../core/in-page.ts';
import type { PageRead } from '../actions/executed.ts';
import { untraced } from '../record/untraced.ts';
import type { Session } from '../session.ts';
import type { ActionOutcome, Observation, TabInfo } from '../types.ts';
import { compactSnapshot, elementKey, renderElement, stripBoxes } from './compact.ts';
import { markCovered } from './covered.ts';
import { markOffscreen } from './offscreen.ts';
import { editableElements, findEditables } from './editables.ts';
import { readFieldDetails } from './field-details.ts';
import { labelledScreenshot } from './vision.ts';

/**
 * One look at the active tab: Playwright's ai-mode aria snapshot (refs, iframes and open shadow
 * roots included), the actionable elements parsed out of it, scroll position, and a compact text.
 */

/** The line that ends the page header and starts the element list (a policy may split the page there). */
export const kElementListHeading = 'Elements ([index]role "name" attributes; * = new since the last step):';

/** Introduces the rich-text editors found in the DOM (capture/perceive/editables.ts). */
const kEditablesHeading = 'Rich-text editors (type into them with input):';

/** A snapshot of a huge page takes ~200 ms; more than this means the page is stuck. */
const kSnapshotTimeoutMs = 10_000;

export interface PerceiveOptions {
  step?: number;
  lastResults?: ActionOutcome[];
  /** Things that happened since the last step (dialogs accepted, tabs opened), shown to the policy. */
  notices?: string[];
  /** Also take a screenshot with the element indexes drawn on it. */
  vision?: boolean;
  /** Also read the DOM details of fields and buttons (`ElementInfo.details`), which elements a layer covers (`ElementInfo.covered`) and which no scrolling reaches (`ElementInfo.offscreen`). */
  fieldDetails?: boolean;
  /**
   * Measure each element's box and whether it is in the viewport; on with `vision`, which draws
   * the boxes. Off otherwise: boxes make the page's snapshot about a fifth slower, and only the
   * labelled screenshot reads them.
   */
  boxes?: boolean;
}

type Scroll = Observation['scroll'];

interface DocumentRead extends TitleAndHeading {
  scroll: Scroll;
}

async function readDocument(page: Page): Promise<DocumentRead> {
  const fallback = { title: '', heading: null, y: 0, viewportHeight: page.viewportSize()?.height ?? 0, pageHeight: 0 };
  const { title, heading, ...raw } = await page.evaluate(await inPage.fn('documentRead')).catch(() => fallback);
  const pixelsBelow = Math.max(0, raw.pageHeight - raw.y - raw.viewportHeight);
  return { title, heading, scroll: { ...raw, pixelsAbove: raw.y, pixelsBelow } };
}

function header(tabs: TabInfo[], active: number, scroll: Scroll): string[] {
  const current = tabs[active];
  const lines = [`Tab ${active}: ${JSON.stringify(current?.title ?? '')} ${current?.url ?? ''}`];
  const others = tabs.filter((tab) => tab.index !== active);
  if (others.length) lines.push(`Other tabs: ${others.map((tab) => `[${tab.index}] ${JSON.stringify(tab.title)} ${tab.url}`).join('; ')}`);
  lines.push(
    scroll.pixelsAbove || scroll.pixelsBelow
      ? `Scroll: ${scroll.pixelsAbove} px above, ${scroll.pixelsBelow} px below (viewport ${scroll.viewportHeight} px)`
      : 'Scroll: the whole page fits in the viewport',
  );
  return lines;
}

/** Perception is bookkeeping: it never shows up as actions in the trace. */
export async function perceive(session: Session, previous?: Observation | null, options: PerceiveOptions = {}): Promise<Observation> {
  return (await look(session, previous, options)).observation;
}

/**
 * A look with what it read of the page: the snapshot, title and main heading the page state of an
 * action taken on this look at once is made of (execute.ts), without reading them again.
 */
export async function look(session: Session, previous?: Observation | null, options: PerceiveOptions = {}): Promise<{ observation: Observation; read: PageRead }> {
  const page = session.currentPageOrDie();
  return untraced(page, () => observe(session, page, previous ?? null, options));
}

async function observe(session: Session, page: Page, previous: Observation | null, options: PerceiveOptions): Promise<{ observation: Observation; read: PageRead }> {
  // Tabs, scroll, title and heading are read while the snapshot is taken: one wait for the page instead of several.
  const boxes = options.boxes ?? options.vision ?? false;
  const reading = readDocument(page);
  const [snapshot, tabs, { scroll, title: pageTitle, heading }, editors] = await Promise.all([
    page.ariaSnapshot({ mode: 'ai', boxes, timeout: kSnapshotTimeoutMs }),
    session.tabInfos(reading.then((read) => read.title)),
    reading,
    findEditables(page).catch(() => []),
  ]);
  const ariaSnapshot = boxes ? stripBoxes(snapshot) : snapshot;
  const previousKeys = previous ? new Set(previous.elements.map(elementKey)) : null;
  const compact = compactSnapshot(snapshot, { previousKeys, viewport: page.viewportSize() });
  if (options.fieldDetails) await Promise.all([readFieldDetails(page, compact.elements), markCovered(page, compact.elements), markOffscreen(page, compact.elements)]);
  // Rich-text editors the snapshot left out come after its elements, in a list of their own.
  const editables = editableElements(editors, { firstIndex: compact.elements.length + 1, previousKeys, details: options.fieldDetails ?? false });
  const elements = [...compact.elements, ...editables];
  // The active tab's title was just read for the tab list: no second round trip for it.
  const title = tabs[session.activeTab]?.title ?? '';
  const notices = options.notices ?? [];
  const text = [
    ...header(tabs, session.activeTab, scroll),
    ...notices.map((notice) => `Notice: ${notice}`),
    elements.length ? kElementListHeading : 'No actionable elements.',
    compact.text,
    ...(editables.length ? [kEditablesHeading, ...editables.map((element) => renderElement(element))] : []),
  ].join('\n');
  const screenshot = options.vision ? await labelledScreenshot(page, compact.elements).catch(() => null) : null;
  const observation: Observation = {
    ...(options.vision ? { screenshot } : {}),
    step: options.step ?? (previous ? previous.step + 1 : 1),
    url: page.url(),
    title,
    tabs,
    activeTab: session.activeTab,
    ariaSnapshot,
    stateHash: ariaHash(ariaSnapshot),
    elements,
    text,
    scroll,
    lastResults: options.lastResults ?? [],
    notices,
  };
  return { observation, read: { page, snapshot: ariaSnapshot, title: pageTitle, heading } };
}
