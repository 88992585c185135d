import type { Locator, Page } from 'playwright';
import type { Typed } from '../../core/act/type-into.ts';
import { z } from 'zod';
import { ActionParams, kElementActions, kMatchingActions, kOptionalElementActions, type ActionName } from '../../core/schema/actions.ts';
import type { Session } from '../session.ts';

/**
 * `defineAction`: one module per action. The recorded params come from core/schema/actions.ts;
 * the model-facing params add the element `index`, so schema, prompt and history cannot drift.
 */

/**
 * Whether the action acts on one element: required (click), optional (scroll) or never (navigate);
 * `matching`: its target names any number of elements (expect_count counts them), so a model
 * writes it as a selector or locator code, not an index.
 */
export type ElementUse = 'required' | 'optional' | 'matching' | 'none';

export interface ActionContext {
  session: Session;
  /** The active tab when the action started. */
  page: Page;
  /** The resolved target element (element actions), already checked to match exactly one element. */
  element: Locator | null;
  /** How results name the element: `button "Save"`. */
  elementLabel: string;
  /** The session's own directory for write_file/read_file/replace_file/screenshot. */
  filesDir: string;
  cwd: string;
  signal: AbortSignal;
  timeoutMs: number;
  step: number;
  /** Files or folders `upload_file` may use besides the session files (`--upload-path`). */
  uploadPaths: readonly string[];
}

export interface ActionRunResult {
  /** Short result for the policy and the history. Never echoes typed text (it may be a secret). */
  text: string;
  done?: { text: string; success: boolean };
  /**
   * The element typed into, taken before the first key: its state after is read from it, not
   * through the locator, which stops finding an editor that renamed itself as it took the text.
   */
  acted?: Typed;
}

type Recorded<N extends ActionName> = z.infer<(typeof ActionParams)[N]>;

export interface ActionDef<N extends ActionName = ActionName> {
  name: N;
  description: string;
  element: ElementUse;
  /** Params as recorded in the history (no element addressing). */
  recorded: (typeof ActionParams)[N];
  /** Params as a model writes them: the recorded ones plus `index` for element actions (`target` for matching ones). */
  params: z.ZodObject;
  run(ctx: ActionContext, params: Recorded<N>): Promise<ActionRunResult>;
  /**
   * The params as they are run and recorded, given the address of the page the step starts on: a
   * path made absolute (`navigate`'s url), so replay and generated code read what was opened.
   */
  recordAs?(params: Recorded<N>, pageUrl: string): Recorded<N>;
}

export type AnyActionDef = { [N in ActionName]: ActionDef<N> }[ActionName];

const kIndex = z.number().int().min(1).describe('index of the element in the element list');
const kMatchTarget = z.string().min(1).describe('the elements: a selector page.locator() accepts (css=ul.results > li) or locator code (getByRole(\'listitem\'))');

export function elementUse(name: ActionName): ElementUse {
  if (kElementActions.has(name)) return 'required';
  if (kOptionalElementActions.has(name)) return 'optional';
  if (kMatchingActions.has(name)) return 'matching';
  return 'none';
}

export function defineAction<N extends ActionName>(def: {
  name: N;
  description: string;
  run(ctx: ActionContext, params: Recorded<N>): Promise<ActionRunResult>;
  recordAs?(params: Recorded<N>, pageUrl: string): Recorded<N>;
}): ActionDef<N> {
  const recorded = ActionParams[def.name];
  const element = elementUse(def.name);
  const params: z.ZodObject =
    element === 'required' ? recorded.extend({ index: kIndex })
      : element === 'optional' ? recorded.extend({ index: kIndex.optional() })
        : element === 'matching' ? recorded.extend({ target: kMatchTarget })
          : recorded;
  return { ...def, element, recorded, params };
}

/** Sleeps `ms`, waking early (with an error) when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
