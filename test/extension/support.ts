import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright';
import { launchOptions } from '../../core/browser.ts';
import { ensureExtensionBuilt } from '../../extension/build.ts';
import type { SessionStatus } from '../../extension/src/status.ts';

/** Helpers for session-mode tests: a Chromium with the unpacked extension, and its service worker. */

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  page: Page;
  extensionId: string;
  close(): Promise<void>;
}

/** Launches a persistent profile with the built extension loaded (headless works with the new headless mode). */
export async function launchWithExtension(): Promise<ExtensionBrowser> {
  const dist = await ensureExtensionBuilt();
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-test-ext-profile-'));
  const options = launchOptions({ fullBrowser: true, extraArgs: [`--disable-extensions-except=${dist}`, `--load-extension=${dist}`] });
  const context = await chromium.launchPersistentContext(profile, options);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    worker,
    page,
    extensionId: new URL(worker.url()).host,
    close: async () => {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

/** What the popup's Connect does: store token and port, connect the active tab; answers the status. */
export function connectExtension(worker: Worker, settings: { token: string; port: number }): Promise<SessionStatus> {
  return worker.evaluate(async ({ token, port }) => {
    await chrome.storage.local.set({ token, port });
    const api = (globalThis as unknown as { buSession: { connect(): Promise<SessionStatus> } }).buSession;
    return api.connect();
  }, settings);
}

export function badgeText(worker: Worker, tabId: number): Promise<string> {
  return worker.evaluate((id) => (chrome.action as unknown as { getBadgeText(d: { tabId: number }): Promise<string> }).getBadgeText({ tabId: id }), tabId);
}


/** Waits for the `session token: ...` line the CLI prints on stderr. */
export async function tokenFrom(stderr: () => string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /^session token: (\S+)$/m.exec(stderr());
    if (match) return match[1]!;
    if (Date.now() > deadline) throw new Error(`no session token printed; stderr:\n${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
