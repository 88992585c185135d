import type { Browser, Page } from 'playwright';
import { z } from 'zod';
import { openTraceZip, type TraceReader } from '../../extract/io/zip.ts';
import { kTargetAttribute, TraceSnapshots, type FrameSnapshot } from './snapshot-html.ts';

/** A run's trace read for its DOM snapshots, and one page that shows them. */

export interface Resources {
  byUrl: Map<string, { sha1: string; mimeType: string }>;
  zip: TraceReader;
}

/** A line of the trace's network log that kept a response body (a stylesheet, an image). */
const ResourceLine = z.looseObject({
  type: z.literal('resource-snapshot'),
  snapshot: z.looseObject({
    request: z.looseObject({ url: z.string() }),
    response: z.looseObject({ content: z.looseObject({ _sha1: z.string(), mimeType: z.string().optional() }) }),
  }),
});

function resourceOf(line: string): { url: string; sha1: string; mimeType: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = ResourceLine.safeParse(value);
  if (!parsed.success) return null;
  const { request, response } = parsed.data.snapshot;
  return { url: request.url, sha1: response.content._sha1, mimeType: response.content.mimeType ?? 'application/octet-stream' };
}

export async function readTrace(tracePath: string): Promise<{ snapshots: TraceSnapshots; resources: Resources }> {
  const zip = await openTraceZip(tracePath);
  const lines: string[] = [];
  const byUrl = new Map<string, { sha1: string; mimeType: string }>();
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
      const body = resource && shown.resources!.zip.entries.has(`resources/${resource.sha1}`) ? await shown.resources!.zip.data(`resources/${resource.sha1}`) : null;
      if (body && resource) await route.fulfill({ status: 200, contentType: resource.mimeType, body: Buffer.from(body) });
      else await route.abort();
    });
    return shown;
  }

  async show(snapshot: FrameSnapshot, html: string, resources: Resources): Promise<boolean> {
    this.resources = resources;
    if (snapshot.viewport) await this.page.setViewportSize(snapshot.viewport);
    const url = snapshot.frameUrl;
    const base = /^https?:/i.test(url) ? `<base href="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">` : '';
    await this.page.setContent(html.replace(/^<!DOCTYPE html>/, `<!DOCTYPE html>${base}`), { waitUntil: 'load', timeout: kShowTimeoutMs });
    return this.page.locator(`[${kTargetAttribute}]`).count().then((n) => n === 1);
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}

/** A snapshot is local and scriptless: it shows at once or something is wrong with it. */
const kShowTimeoutMs = 10_000;
