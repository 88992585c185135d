import { errorMessage } from '../../core/errors.ts';
import { kRecordSettle } from '../actions/execute.ts';
import type { Recorder } from '../record/recorder.ts';
import type { Session } from '../session.ts';
import type { Checkpoint } from './checkpoint-schema.ts';

/** How a capture's first page is opened: the start URL, or (resume) the tabs a checkpoint had open. */

function shortError(err: unknown): string {
  return errorMessage(err).split('\n')[0]!.replace(/^\w+\.\w+: /, '');
}

/**
 * The start URL is opened before step 1 (not a history step: the history's startUrl says it), and
 * what its document loads on its own is awaited as after a navigating step: an app that draws
 * itself from the data its scripts fetch after `load` (a splash screen until then) is perceived
 * drawn. Returns an error or null.
 */
export async function openStart(session: Session, url: string, recorder: Recorder): Promise<string | null> {
  try {
    const mark = session.inFlight.mark();
    await session.currentPageOrDie().goto(url, { waitUntil: 'load' });
    await session.inFlight.settle(mark, kRecordSettle);
    // From here on, what the page changes before step 1 acts, it changes by itself.
    await session.selfChanges.afterAction(session.currentPageOrDie());
    recorder.visited(session.currentPageOrDie().url());
    return null;
  } catch (err) {
    const message = `could not open ${url}: ${shortError(err)}`;
    await recorder.reasoning(0, 'error', message);
    return message;
  }
}

/**
 * Reopens the tabs of a checkpoint, the active one last selected, so the resumed steps start where
 * the run stopped. Not history steps: the previous step's `post` state already says where it was.
 */
export async function reopenTabs(session: Session, checkpoint: Checkpoint, recorder: Recorder): Promise<string | null> {
  const urls = checkpoint.tabs.map((tab) => tab.url).filter((url) => url && url !== 'about:blank');
  const tabs = urls.length ? urls : [checkpoint.startUrl];
  const step = checkpoint.step;
  await recorder.reasoning(step, 'observation', `resumed after step ${step}: reopening ${tabs.join(', ')}`);
  for (const [at, url] of tabs.entries()) {
    try {
      const page = at === 0 ? session.currentPageOrDie() : await session.newTab();
      await page.goto(url, { waitUntil: 'load' });
    } catch (err) {
      const message = `could not reopen ${url}: ${shortError(err)}`;
      await recorder.reasoning(step, 'error', message);
      return message;
    }
  }
  const active = Math.min(urls.length ? checkpoint.activeTab : 0, session.pages.length - 1);
  await session.switchTab(active).catch(() => undefined);
  return null;
}
