import type { Page } from 'playwright';
import { inPage } from '../../core/in-page.ts';
import { changedShapes, kMaxShapes } from '../../core/volatile/steady-text.ts';
import { untraced } from './untraced.ts';

/**
 * What each page changed by itself (see core/in-page/self-changes.ts): read after every action
 * settled (what changed until then is the action's) and before the next (what changed since, the
 * page did alone). Kept per document as word shapes (core/volatile/steady-text.ts): a new document
 * starts with none.
 */
export class SelfChanges {
  private readonly pages = new WeakMap<Page, { document: string; shapes: Set<string> }>();

  /** After an action settled: the changes until now were the action's. */
  async afterAction(page: Page | undefined): Promise<void> {
    if (page && !page.isClosed()) await this.read(page, false);
  }

  /** Before an action: the shapes of the words this document changed by itself so far. */
  async beforeAction(page: Page): Promise<string[]> {
    return this.read(page, true);
  }

  private async read(page: Page, keep: boolean): Promise<string[]> {
    const seen = await untraced(page, async () => page.evaluate(await inPage.fn('selfChanges'))).catch(() => null);
    let entry = this.pages.get(page);
    if (!seen) return [...(entry?.shapes ?? [])];
    if (!entry || entry.document !== seen.document) {
      entry = { document: seen.document, shapes: new Set() };
      this.pages.set(page, entry);
    }
    if (keep) {
      for (const [before, after] of seen.changes) {
        for (const shape of changedShapes(before, after)) if (entry.shapes.size < kMaxShapes) entry.shapes.add(shape);
      }
    }
    return [...entry.shapes];
  }
}
