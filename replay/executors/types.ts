import type { BrowserContext, Locator, Page } from 'playwright';
import type { UploadPlaces } from '../../core/act/upload-path.ts';
import type { LiveState } from '../../core/in-page/live-state.ts';
import type { HistoryStep } from '../../core/schema/history.ts';
import type { FoundAt } from '../../locate/at-path.ts';
import type { Rebaser } from '../inputs.ts';

/** What an executor gets: the live page, how to fill in placeholders, where URLs now point. */
export interface ExecContext {
  page: Page;
  context: BrowserContext;
  /** Substitutes `{{var:...}}` and `{{secret:...}}` with this run's values. */
  text(value: string): string;
  rebase: Rebaser;
  /** Upper bound for one action (Playwright waits for actionability within it). */
  actionTimeoutMs: number;
  /** Where `upload_file` may take files from (the recorded session's files, `--upload-path`). */
  files: UploadPlaces;
  /** Where the cascade read the target and what it looked like (see at-path.ts), else null. */
  targetAt: FoundAt | null;
}

export interface ExecOutcome {
  /** The page to continue on (after switch, close or a new tab). */
  page?: Page;
  /** Short text result (dropdown options, extracted text). */
  result?: string;
  /** The step touches nothing in the app (file tools, `done`): reported as skipped. */
  skipped?: string;
  /**
   * The state of the element acted on, read from that element (called once, after the action):
   * an editor renamed or replaced as it took the text no longer matches the locator it was found by.
   */
  actedState?: () => Promise<LiveState | null>;
}

export type ElementStep = Extract<HistoryStep, { action: 'click' | 'input' | 'hover' | 'select_dropdown' | 'dropdown_options' | 'upload_file' | 'scroll' }>;

export interface ElementExecutor {
  (ctx: ExecContext, step: ElementStep, target: Locator): Promise<ExecOutcome>;
}
