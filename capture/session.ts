import fs from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Dialog, Page } from 'playwright';
import { InFlight } from '../core/act/in-flight.ts';
import { inPage } from '../core/in-page.ts';
import { chromium, launchBrowser } from '../core/browser.ts';
import { errorMessage, JobFailedError, UsageError } from '../core/errors.ts';
import { StepDialog } from '../core/schema/history.ts';
import type { RunMode } from '../core/schema/run.ts';
import { SelfChanges } from './record/self-changes.ts';
import type { TabInfo } from './types.ts';

/**
 * The one owner of the browser, its context, its pages (tabs) and tracing for a capture.
 * Actions receive a Session and never launch anything.
 */

export const kDefaultViewport = { width: 1280, height: 720 };
/** Default time a Playwright action may wait for its element (auto-waiting included). */
export const kDefaultActionTimeoutMs = 5_000;
/** Page loads may be slow on real sites; navigation gets more time than element waits. */
export const kNavigationTimeoutMs = 30_000;

/** The context closes first when the browser dies; both say the same thing to the user. */
const kClosedReason = 'the browser closed or crashed';

export type SessionEvent =
  | { kind: 'dialog'; type: string; message: string; url: string }
  | { kind: 'tab-opened'; tab: number; url: string }
  | { kind: 'tab-closed'; url: string }
  | { kind: 'blocked'; url: string; reason: string }
  | { kind: 'browser-closed'; reason: string };

export interface SessionOptions {
  headed?: boolean;
  /** Attach to a running Chrome over CDP (`--cdp URL`). */
  cdpUrl?: string;
  /** Connect to a remote Playwright browser server (`--ws-endpoint URL`). */
  wsEndpoint?: string;
  /** Drive the user's own tab through the brow-use extension (`--mode session`). */
  extension?: ExtensionEndpoint;
  /** Cookies and local storage to start from (`--storage-state FILE`, or a checkpoint's state); a missing file starts empty. */
  storageState?: string | Exclude<BrowserContextOptions['storageState'], string | undefined>;
  viewport?: { width: number; height: number };
  env?: NodeJS.ProcessEnv;
  /** Where Playwright writes raw trace files while tracing (local launches), so a crash can be salvaged. */
  tracesDir?: string;
  actionTimeoutMs?: number;
  /** Runs once the context exists, before the first navigation (e.g. to install a URL policy). */
  beforeNavigation?: (context: BrowserContext, session: Session) => Promise<void>;
}

/** What Session needs from session mode's bridge: a CDP endpoint, and word when the user stops. */
export interface ExtensionEndpoint {
  readonly cdpEndpoint: string;
  onStop(listener: (reason: string) => void): void;
}

export class Session {
  private readonly tabs: Page[] = [];
  private active = 0;
  private events: SessionEvent[] = [];
  /** Every dialog accepted so far, oldest first (events are drained; this is not). */
  private dialogs: StepDialog[] = [];
  private closedReason: string | null = null;
  private disposed = false;
  private requests: InFlight | null = null;
  private readonly closing = new AbortController();
  /** What each page changed by itself between actions (see record/self-changes.ts). */
  readonly selfChanges = new SelfChanges();

  private constructor(
    readonly browser: Browser,
    readonly context: BrowserContext,
    readonly mode: RunMode,
    readonly viewport: { width: number; height: number },
    /** Whether we created the context (and so may close it). */
    private readonly ownsContext: boolean,
  ) {}

  static async create(options: SessionOptions = {}): Promise<Session> {
    const viewport = options.viewport ?? kDefaultViewport;
    const given = options.storageState;
    const storageState = typeof given === 'object' ? given : given && fs.existsSync(given) ? given : undefined;
    const { browser, mode } = await connect(options);
    let context: BrowserContext;
    let ownsContext = true;
    try {
      if ((mode === 'cdp' || mode === 'crx') && browser.contexts().length) {
        context = browser.contexts()[0]!;
        ownsContext = false;
      } else {
        context = await browser.newContext({ viewport, storageState, acceptDownloads: true });
      }
    } catch (err) {
      await browser.close().catch(() => undefined);
      if (typeof storageState === 'string') throw new UsageError(`--storage-state ${storageState}: ${errorMessage(err)}`, 'pass a file written by `bu capture --storage-state` or Playwright');
      throw err;
    }
    const session = new Session(browser, context, mode, viewport, ownsContext);
    // Before the app's scripts, in every document: which step set each timer (core/volatile/foreign-changes.ts).
    await context.addInitScript(await inPage.initScript('installForeignChanges')).catch(() => undefined);
    context.setDefaultTimeout(options.actionTimeoutMs ?? kDefaultActionTimeoutMs);
    context.setDefaultNavigationTimeout(kNavigationTimeoutMs);
    // The user's Stop arrives before the connection drops, so its reason is the one kept.
    options.extension?.onStop((reason) => session.markClosed(reason));
    browser.on('disconnected', () => session.markClosed(kClosedReason));
    context.on('close', () => session.markClosed(kClosedReason));
    for (const page of context.pages()) session.track(page, false);
    context.on('page', (page) => session.track(page, true));
    try {
      if (options.beforeNavigation) await options.beforeNavigation(context, session);
    } catch (err) {
      await session.dispose();
      throw err;
    }
    if (!session.tabs.length) await context.newPage();
    session.active = Math.max(0, session.tabs.length - 1);
    return session;
  }

  private markClosed(reason: string): void {
    if (this.closedReason || this.disposed) return;
    this.closedReason = reason;
    this.events.push({ kind: 'browser-closed', reason });
    this.closing.abort(new Error(reason));
  }

  private track(page: Page, activate: boolean): void {
    if (this.tabs.includes(page)) return;
    this.tabs.push(page);
    if (activate) this.active = this.tabs.length - 1;
    page.on('dialog', (dialog) => void this.onDialog(page, dialog));
    page.on('close', () => this.untrack(page));
    if (this.tabs.length > 1) this.events.push({ kind: 'tab-opened', tab: this.tabs.length - 1, url: page.url() });
  }

  private untrack(page: Page): void {
    const at = this.tabs.indexOf(page);
    if (at < 0) return;
    this.tabs.splice(at, 1);
    this.events.push({ kind: 'tab-closed', url: page.url() });
    if (this.active >= at && this.active > 0) this.active--;
  }

  /** alert/confirm/prompt/beforeunload are accepted so the flow goes on; each is reported as an event. */
  private async onDialog(page: Page, dialog: Dialog): Promise<void> {
    this.events.push({ kind: 'dialog', type: dialog.type(), message: dialog.message(), url: page.url() });
    const type = StepDialog.shape.type.safeParse(dialog.type());
    if (type.success) this.dialogs.push({ type: type.data, message: dialog.message() });
    await dialog.accept(dialog.type() === 'prompt' ? dialog.defaultValue() : undefined).catch(() => undefined);
  }

  /** Aborts when the browser or the context goes away unexpectedly (waits should stop then). */
  get closedSignal(): AbortSignal {
    return this.closing.signal;
  }

  /** The requests the app has under way in this context (what an action started is awaited). */
  get inFlight(): InFlight {
    this.requests ??= new InFlight(this.context);
    return this.requests;
  }

  get isClosed(): boolean {
    return this.closedReason !== null || this.disposed;
  }

  get closedBecause(): string | null {
    return this.closedReason;
  }

  get pages(): readonly Page[] {
    return this.tabs;
  }

  get activeTab(): number {
    return this.active;
  }

  currentPageOrDie(): Page {
    if (this.closedReason) throw new JobFailedError(`${this.closedReason}; the capture cannot go on`);
    if (this.disposed) throw new Error('the session is disposed');
    const page = this.tabs[this.active];
    if (!page) throw new JobFailedError('no open tab left in the browser');
    return page;
  }

  /** The open tabs; `activeTitle`, the active tab's title when the caller reads it already (no second round trip). */
  async tabInfos(activeTitle?: Promise<string>): Promise<TabInfo[]> {
    return Promise.all(
      this.tabs.map(async (page, index) => ({ index, url: page.url(), title: await (activeTitle && index === this.active ? activeTitle : page.title().catch(() => '')) })),
    );
  }

  async switchTab(tab: number): Promise<Page> {
    const page = this.tabs[tab];
    if (!page) throw new Error(`no tab ${tab} (open tabs: 0..${this.tabs.length - 1})`);
    this.active = tab;
    await page.bringToFront();
    return page;
  }

  async newTab(): Promise<Page> {
    const page = await this.context.newPage();
    this.track(page, true);
    return page;
  }

  async closeTab(tab: number): Promise<void> {
    const page = this.tabs[tab];
    if (!page) throw new Error(`no tab ${tab} (open tabs: 0..${this.tabs.length - 1})`);
    if (this.tabs.length === 1) throw new Error('cannot close the last tab');
    await page.close({ runBeforeUnload: false });
    this.untrack(page);
  }

  /** Records something the policy should hear about (e.g. a request the URL policy blocked). */
  report(event: SessionEvent): void {
    this.events.push(event);
  }

  /** How many dialogs were accepted so far: a step's own are those after the count it started at. */
  get dialogCount(): number {
    return this.dialogs.length;
  }

  /** The dialogs accepted since the count was `from`, oldest first. */
  dialogsSince(from: number): StepDialog[] {
    return this.dialogs.slice(from);
  }

  /** Events since the last call (dialogs, tabs, browser closing), oldest first. */
  drainEvents(): SessionEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  async saveStorageState(file: string): Promise<void> {
    // The user's own profile: its cookies and storage never leave the browser.
    if (this.mode === 'crx') throw new UsageError('session mode never saves storage state');
    await this.context.storageState({ path: file });
  }

  /** Closes what this session opened; safe to call twice and after the browser died. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.requests?.dispose();
    if (this.ownsContext) await this.context.close().catch(() => undefined);
    await this.browser.close().catch(() => undefined);
  }
}

async function connect(options: SessionOptions): Promise<{ browser: Browser; mode: RunMode }> {
  if (options.extension) {
    // noDefaults: the user's browser keeps its own downloads, focus and media settings.
    return { browser: await chromium.connectOverCDP(options.extension.cdpEndpoint, { isLocal: true, noDefaults: true }), mode: 'crx' };
  }
  if (options.cdpUrl) {
    try {
      return { browser: await chromium.connectOverCDP(options.cdpUrl), mode: 'cdp' };
    } catch (err) {
      throw new JobFailedError(`could not attach to Chrome at ${options.cdpUrl}: ${firstLine(err)}`, 'start Chrome with --remote-debugging-port and pass its http://host:port');
    }
  }
  if (options.wsEndpoint) {
    try {
      return { browser: await chromium.connect(options.wsEndpoint), mode: 'remote' };
    } catch (err) {
      throw new JobFailedError(`could not connect to the browser server at ${options.wsEndpoint}: ${firstLine(err)}`, 'start one with `npx playwright run-server` and pass its ws:// address');
    }
  }
  // The CLI handles signals itself so it can save what was recorded; Playwright must not kill the browser first.
  const browser = await launchBrowser({ headless: !options.headed, env: options.env }, { tracesDir: options.tracesDir });
  return { browser, mode: 'playwright' };
}

function firstLine(err: unknown): string {
  return errorMessage(err).split('\n')[0]!;
}
