import type { Browser, Page } from 'playwright';
import { z } from 'zod';
import { openTraceZip, type TraceReader } from '../../core/io/trace-zip.ts';
import { kTargetAttribute, TraceSnapshots, type FrameSnapshot } from './snapshot-html.ts';

/** A run's trace read for its DOM snapshots, and one page that shows them. */

export interface Resources {
  /** The zip entry holding each URL's body (`resources/<sha1>`, or with an extension). */
  byUrl: Map<string, { entry: string; mimeType: string }>;
  zip: TraceReader;
}

/**
 * A line of the trace's network log that kept a response body (a stylesheet, an image). Where the
 * body is: `_sha1` names `resources/<sha1>`; newer Playwright releases write `_file`, the entry's
 * own path (`resources/<sha1>.css`), instead.
 */
const ResourceLine = z.looseObject({
  type: z.literal('resource-snapshot'),
  snapshot: z.looseObject({
    request: z.looseObject({ url: z.string() }),
    response: z.looseObject({ content: z.looseObject({ _sha1: z.string().optional(), _file: z.string().optional(), mimeType: z.string().optional() }) }),
  }),
});

export function resourceOf(line: string): { url: string; entry: string; mimeType: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = ResourceLine.safeParse(value);
  if (!parsed.success) return null;
  const { request, response } = parsed.data.snapshot;
  const { _file: file, _sha1: sha1 } = response.content;
  const entry = file ?? (sha1 ? `resources/${sha1}` : null);
  return entry ? { url: request.url, entry, mimeType: response.content.mimeType ?? 'application/octet-stream' } : null;
}

export async function readTrace(tracePath: string): Promise<{ snapshots: TraceSnapshots; resources: Resources }> {
  const zip = await openTraceZip(tracePath);
  const lines: string[] = [];
  const byUrl = new Map<string, { entry: string; mimeType: string }>();
  for (const entry of [...zip.entries].sort()) {
    if (entry.endsWith('.trace')) lines.push(...(await zip.text(entry)).split('\n'));
    if (entry.endsWith('.network')) {
      for (const line of (await zip.text(entry)).split('\n')) {
        const resource = resourceOf(line);
        if (resource) byUrl.set(resource.url, resource);
      }
    }
  }
  return { snapshots: new TraceSnapshots(lines), resources: { byUrl, zip } };
}

/**
 * Shows one snapshot after another in one document (a new document per snapshot would cost
 * Playwright's injected script each time), based at the snapshot's address; every request is
 * answered from the trace or refused.
 */
export class SnapshotPage {
  private resources: Resources | null = null;

  private constructor(readonly page: Page) {}

  static async open(browser: Browser): Promise<SnapshotPage> {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
    const page = await context.newPage();
    const shown = new SnapshotPage(page);
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      const resource = shown.resources?.byUrl.get(url);
      const body = resource && shown.resources!.zip.entries.has(resource.entry) ? await shown.resources!.zip.data(resource.entry) : null;
      if (body && resource) await route.fulfill({ status: 200, contentType: resource.mimeType, body: Buffer.from(body) });
      else await route.abort();
    });
    return shown;
  }

  async show(snapshot: FrameSnapshot, html: string, resources: Resources): Promise<boolean> {
    this.resources = resources;
    const size = this.page.viewportSize();
    // Resized only when it changes: every resize lays the page out again.
    if (snapshot.viewport && (size?.width !== snapshot.viewport.width || size.height !== snapshot.viewport.height)) await this.page.setViewportSize(snapshot.viewport);
    const url = snapshot.frameUrl;
    // Playwright writes the document's own base address (its <base>, else its address) first in its
    // head: links resolve there as in the app. Only a snapshot without it is based at its address.
    const base = /^https?:/i.test(url) && !kOwnBase.test(html) ? `<base href="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">` : '';
    await this.page.setContent(html.replace(/^<!DOCTYPE html>/, `<!DOCTYPE html>${base}`), { waitUntil: 'load', timeout: kShowTimeoutMs });
    return this.page.locator(`[${kTargetAttribute}]`).count().then((n) => n === 1);
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}

/** A <base> with an address in the snapshot's head. */
const kOwnBase = /<head\b[^>]*>(?:(?!<\/head>)[\s\S])*?<base\s[^>]*\bhref=/i;

/** A snapshot is local and scriptless: it shows at once or something is wrong with it. */
const kShowTimeoutMs = 10_000;
