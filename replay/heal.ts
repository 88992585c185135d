import type { Fingerprint } from '../core/schema/history.ts';
import type { ScoredCandidate } from '../locate/cascade.ts';
import { kMinIdentity } from '../locate/scoring.ts';

/**
 * Healing with a model, used only with `--heal llm` and only when the cascade failed. Replay
 * knows nothing about models: the caller injects a `Healer`. The healer picks among candidates
 * replay offers; replay then checks the pick against the fingerprint before acting on it.
 */

/** One element offered to the healer, described by what a person would see. */
export interface HealCandidate {
  index: number;
  role: string | null;
  name: string;
  tag: string;
  text: string | null;
  landmarks: string[];
  nearbyHeading: string | null;
  attributes: Record<string, string>;
}

export interface HealRequest {
  action: string;
  /** Params as recorded (placeholders kept: secrets never reach a model). */
  params: Record<string, unknown>;
  recorded: {
    role: string | null;
    name: string;
    tag: string;
    text: string | null;
    landmarks: string[];
    nearbyHeading: string | null;
    locator: string | null;
  };
  page: { url: string; title: string };
  /** Why the cascade did not decide. */
  failure: 'missing_element' | 'ambiguous';
  candidates: HealCandidate[];
}

export interface HealAnswer {
  /** Index into `candidates`, or null when none is the recorded element. */
  candidate: number | null;
  reason: string;
}

export interface Healer {
  pick(request: HealRequest, signal?: AbortSignal): Promise<HealAnswer>;
}

/** Offering more makes the model's choice harder and the prompt longer for no gain. */
export const kMaxHealCandidates = 8;
/**
 * A model's pick still needs this much identity evidence and no contradiction: it may break a tie
 * or accept a reworded control, never act on something the fingerprint says is another element.
 */
export const kMinHealIdentity = Math.round(kMinIdentity / 3);
/** Total agreement a model's pick needs (below the cascade's own bar, above chance). */
export const kMinHealAgreement = 35;

export function healCandidates(pool: ScoredCandidate[]): ScoredCandidate[] {
  return pool
    .filter((c) => !c.agreement.contradictions.length)
    .sort((a, b) => b.agreement.score - a.agreement.score)
    .slice(0, kMaxHealCandidates);
}

export function healAcceptable(c: ScoredCandidate): boolean {
  return !c.agreement.contradictions.length && c.agreement.identity >= kMinHealIdentity && c.agreement.score >= kMinHealAgreement;
}

export function healRequest(
  step: { action: string; params: Record<string, unknown> },
  fp: Fingerprint,
  locator: string | null,
  page: { url: string; title: string },
  failure: HealRequest['failure'],
  offered: ScoredCandidate[],
): HealRequest {
  return {
    action: step.action,
    params: step.params,
    recorded: {
      role: fp.role, name: fp.name, tag: fp.tag, text: fp.text,
      landmarks: fp.landmarks.map((l) => (l.name ? `${l.role} "${l.name}"` : l.role)),
      nearbyHeading: fp.nearbyHeading, locator,
    },
    page,
    failure,
    candidates: offered.map((c, index) => {
      const f = c.item.features;
      const attributes: Record<string, string> = {};
      for (const [k, v] of Object.entries({ id: f.id, name: f.nameAttr, type: f.type, placeholder: f.placeholder, label: f.label, href: f.hrefPath, testId: f.testId })) {
        if (v) attributes[k] = v;
      }
      return {
        index, role: f.role, name: f.name, tag: f.tag, text: f.text,
        landmarks: f.landmarks.map((l) => (l.name ? `${l.role} "${l.name}"` : l.role)),
        nearbyHeading: f.nearbyHeading, attributes,
      };
    }),
  };
}
