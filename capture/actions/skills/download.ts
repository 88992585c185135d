import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Download, Page } from 'playwright';
import { z } from 'zod';
import { untraced } from '../../record/untraced.ts';
import { defineSkill, SkillStepError } from '../define-skill.ts';

/**
 * `download`: click a link or button and keep the file it downloads under the run's files
 * (`downloads/`), listed in the run's artifacts. The history records the click.
 */

/** A download starts within a second or two of the click; a server building a report may take longer. */
const kDownloadStartMs = 15_000;

/** The next download of any tab of the context (a link may open one in a new tab). Listeners, not waits: nothing is traced. */
function nextDownload(context: BrowserContext, timeoutMs: number): { promise: Promise<Download>; cancel(): void } {
  const watched = new Set<Page>();
  let resolve!: (download: Download) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<Download>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const onDownload = (download: Download) => resolve(download);
  const watch = (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    page.on('download', onDownload);
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const timer = setTimeout(() => reject(new Error(`no download started within ${timeoutMs} ms`)), timeoutMs);
  const cancel = () => {
    clearTimeout(timer);
    context.off('page', watch);
    for (const page of watched) page.off('download', onDownload);
  };
  promise.then(cancel, cancel);
  promise.catch(() => undefined);
  return { promise, cancel };
}

/** A file name safe on every system, never a path. */
export function safeFileName(name: string): string {
  const printable = [...name].map((ch) => (ch.charCodeAt(0) < 0x20 ? '_' : ch)).join('');
  const base = path.basename(printable.replace(/\\/g, '/')).replace(/[<>:"/\\|?*]/g, '_').trim();
  return base && base !== '.' && base !== '..' ? base : 'download';
}

function freePath(dir: string, name: string): string {
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  let candidate = path.join(dir, name);
  for (let n = 2; fs.existsSync(candidate); n++) candidate = path.join(dir, `${stem}-${n}${ext}`);
  return candidate;
}

export default defineSkill({
  name: 'download',
  description: 'Click the link or button at index and save the file it downloads into the session files (downloads/).',
  params: z.strictObject({ index: z.number().int().min(1).describe('index of the element in the element list') }),
  async run(ctx, { index }) {
    const waiting = nextDownload(ctx.session.context, ctx.timeoutMs + kDownloadStartMs);
    const clicked = await ctx.perform({ action: 'click', params: {}, index });
    if (!clicked.outcome.ok) {
      waiting.cancel();
      throw new SkillStepError(`the click failed: ${clicked.outcome.error}`);
    }
    let download: Download;
    try {
      download = await waiting.promise;
    } catch (err) {
      throw new SkillStepError(`${(err as Error).message} after clicking ${clicked.label ?? `[${index}]`}`);
    }
    const dir = path.join(ctx.filesDir, 'downloads');
    await fs.promises.mkdir(dir, { recursive: true });
    const file = freePath(dir, safeFileName(download.suggestedFilename()));
    const failure = await untraced(ctx.page, async () => {
      await download.saveAs(file);
      return download.failure();
    });
    if (failure) throw new SkillStepError(`the download of ${path.basename(file)} failed: ${failure}`);
    const size = (await fs.promises.stat(file)).size;
    const name = path.basename(file);
    return { text: `Downloaded ${name} (${size} bytes) to downloads/${name}`, artifacts: { [`download:${name}`]: file } };
  },
});
