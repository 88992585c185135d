import type { PageModel } from '../../core/schema/page-model.ts';

/**
 * The model with only the outcomes that held where each flow ended: `held` has, per session, one
 * verdict per outcome of its flow (from the flow's last recorded DOM snapshot). An outcome that did
 * not hold is not asserted, and a diagnostic says so; a flow without verdicts keeps its outcomes.
 */
export function withHeldOutcomes(model: PageModel, held: Map<string, boolean[]>): PageModel {
  const diagnostics = [...model.diagnostics];
  const flows = model.flows.map((flow) => {
    const verdicts = held.get(flow.sessionId);
    if (!verdicts || verdicts.length !== flow.outcomes.length) return flow;
    const page = flow.steps.at(-1)?.after.page ?? model.pages[0]?.id ?? '';
    for (const [i, outcome] of flow.outcomes.entries()) {
      if (verdicts[i]) continue;
      const what = outcome.kind === 'shown' ? 'is not shown' : 'is still there';
      diagnostics.push({ page, element: null, message: `${flow.sessionId}: “${outcome.text}” (${outcome.role}) ${what} in the flow's last recorded DOM snapshot: not asserted` });
    }
    return { ...flow, outcomes: flow.outcomes.filter((_, i) => verdicts[i]) };
  });
  return { ...model, flows, diagnostics };
}
