import type { CorpusFlow } from '../../harness/apps/index.ts';
import type { GoneConfig } from './in-page/gone.ts';
import type { RunOutcome } from './run.ts';

/**
 * The cases of the families where the recorded element is gone: for every element step of a flow
 * (one the reference run on the unchanged app acted on), one case per family that changes only
 * that step's element, named by the reference run's description of it.
 *   removed      the element is taken out of the page wherever and whenever it appears
 *   substituted  an element of the same tag and role with another purpose takes its place
 *   peer-left    removed, on the steps where a look-alike of it (a name containing its name, or
 *                its role in its container) was on the unchanged page when it was acted on
 * A step whose element an earlier step already acted on is that earlier step's case: the element
 * is gone everywhere, so the earlier step meets it first.
 */

export type GoneFamily = 'removed' | 'substituted' | 'peer-left';
export const kGoneFamilies: GoneFamily[] = ['removed', 'substituted', 'peer-left'];

export interface GoneCase {
  family: GoneFamily;
  flow: CorpusFlow;
  /** Index into RunOutcome.steps (app steps only) of the step whose element is gone. */
  step: number;
  /** The same step's index in the history (and replay's report). */
  index: number;
  /** The element as the reference run described it (a readable form). */
  label: string;
  /** Look-alikes on the unchanged page when the reference run acted on it. */
  peers: string[];
  gone: GoneConfig;
}

export interface FlowCases {
  cases: GoneCase[];
  /** Element steps of the flow. */
  elementSteps: number;
  /** Element steps whose element an earlier step had acted on (no case of their own). */
  repeats: number;
  /** Element steps with no look-alike on the unchanged page (no peer-left case). */
  noPeer: number;
}

export function goneCases(flow: CorpusFlow, reference: RunOutcome, families: GoneFamily[]): FlowCases {
  const out: FlowCases = { cases: [], elementSteps: 0, repeats: 0, noPeer: 0 };
  const seen = new Set<string>();
  for (const [step, outcome] of reference.steps.entries()) {
    const acted = outcome.acted;
    if (!acted) continue;
    out.elementSteps++;
    if (seen.has(acted.key)) {
      out.repeats++;
      continue;
    }
    seen.add(acted.key);
    const base = { flow, step, index: outcome.index, label: acted.label, peers: acted.peers };
    if (families.includes('removed')) out.cases.push({ ...base, family: 'removed', gone: { how: 'remove', key: acted.key } });
    if (families.includes('substituted')) out.cases.push({ ...base, family: 'substituted', gone: { how: 'substitute', key: acted.key } });
    if (!acted.peers.length) out.noPeer++;
    else if (families.includes('peer-left')) out.cases.push({ ...base, family: 'peer-left', gone: { how: 'remove', key: acted.key } });
  }
  return out;
}
