import { describeIssues, errorMessage } from '../../core/errors.ts';
import { actionError } from './action-error.ts';
import { untraced } from '../record/untraced.ts';
import type { ActionCall, ActionOutcome } from '../types.ts';
import { executeAction, type ExecuteOptions } from './execute.ts';
import type { Executed, PageRead, RecordedStep } from './executed.ts';
import { isSkillName, skillDef } from './registry.ts';

/**
 * One call of a policy, an action or a skill. An action is one history step; a skill runs its
 * recorded actions, each handed to `record` as it finishes, and answers with one outcome.
 */

export interface CallResult {
  outcome: ActionOutcome;
  /** History steps, in order (none when the call was malformed). */
  records: RecordedStep[];
  /** The active tab or its URL changed. */
  pageChanged: boolean;
  /** Files the call produced (label -> path), for the run's artifacts. */
  artifacts: Record<string, string>;
  /** An action's post-state read (a skill may act on the page after its last action: none). */
  postRead: PageRead | null;
}

export async function executeCall(options: ExecuteOptions, call: ActionCall, record: (step: RecordedStep) => Promise<void>): Promise<CallResult> {
  const name = call.action;
  if (!isSkillName(name)) {
    const executed = await executeAction(options, call);
    if (executed.record) await record(executed.record);
    return { outcome: executed.outcome, records: executed.record ? [executed.record] : [], pageChanged: executed.pageChanged, artifacts: {}, postRead: executed.postRead ?? null };
  }
  const def = skillDef(name);
  const parsed = def.params.safeParse(call.index === undefined ? call.params : { ...call.params, index: call.index });
  if (!parsed.success) {
    return { outcome: { action: name, ok: false, text: '', error: `invalid params for ${name}: ${describeIssues(parsed.error)}` }, records: [], pageChanged: false, artifacts: {}, postRead: null };
  }
  const { session, secrets } = options;
  const records: RecordedStep[] = [];
  let pageChanged = false;
  const perform = async (sub: ActionCall): Promise<Executed> => {
    if (options.actionsLeft && options.actionsLeft() <= 0) throw new Error('the action budget (--max-steps) is spent');
    // The skill reads and acts on the page between its actions: each reads its pre state afresh.
    const executed = await executeAction({ ...options, preRead: null }, sub);
    if (executed.record) {
      records.push(executed.record);
      await record(executed.record);
    }
    pageChanged ||= executed.pageChanged;
    return executed;
  };
  const page = session.currentPageOrDie();
  const preUrl = page.url();
  try {
    const result = await def.run({
      session, page, observation: options.observation, filesDir: options.filesDir, signal: options.signal, timeoutMs: options.timeoutMs, step: options.step, perform,
      askImage: options.askImage ?? null,
    }, parsed.data);
    return { outcome: { action: name, ok: true, text: secrets.redactText(result.text), error: null }, records, pageChanged, artifacts: result.artifacts ?? {}, postRead: null };
  } catch (err) {
    const message = actionError(errorMessage(err));
    const after = session.isClosed ? preUrl : await untraced(page, async () => page.url()).catch(() => preUrl);
    return { outcome: { action: name, ok: false, text: '', error: secrets.redactText(message) }, records, pageChanged: pageChanged || after !== preUrl, artifacts: {}, postRead: null };
  }
}
