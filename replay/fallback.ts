import type { Fingerprint } from '../core/schema/history.ts';
import type { ScoredCandidate } from '../locate/cascade.ts';
import { kMinIdentity } from '../locate/weights.ts';

/**
 * The model fallback, used only with `--fallback llm` and only when the cascade failed. Replay
 * knows nothing about models: the caller injects a `Fallback`. The fallback picks among candidates
 * replay offers; replay then checks the pick against the fingerprint before acting on it.
 */

/** One element offered to the fallback, described by what a person would see. */
export interface FallbackCandidate {
  index: number;
  role: string | null;
  name: string;
  tag: string;
  text: string | null;
  landmarks: string[];
  nearbyHeading: string | null;
  attributes: Record<string, string>;
}

export interface FallbackRequest {
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
  candidates: FallbackCandidate[];
}

export interface FallbackAnswer {
  /** Index into `candidates`, or null when none is the recorded element. */
  candidate: number | null;
  reason: string;
}

export interface Fallback {
  pick(request: FallbackRequest, signal?: AbortSignal): Promise<FallbackAnswer>;
}

/** Offering more makes the model's choice harder and the prompt longer for no gain. */
export const kMaxFallbackCandidates = 8;
/**
 * A model's pick still needs this much identity evidence and no contradiction: it may break a tie
 * or accept a reworded control, never act on something the fingerprint says is another element.
 */
export const kMinFallbackIdentity = Math.round(kMinIdentity / 3);
/** Total agreement a model's pick needs (below the cascade's own bar, above chance). */
export const kMinFallbackAgreement = 35;

export function fallbackCandidates(pool: ScoredCandidate[]): ScoredCandidate[] {
  return pool
    .filter((c) => !c.agreement.contradictions.length)
    .sort((a, b) => b.agreement.score - a.agreement.score)
    .slice(0, kMaxFallbackCandidates);
}

export function fallbackAcceptable(c: ScoredCandidate): boolean {
  return !c.agreement.contradictions.length && c.agreement.identity >= kMinFallbackIdentity && c.agreement.score >= kMinFallbackAgreement;
}

export function fallbackRequest(
  step: { action: string; params: Record<string, unknown> },
  fp: Fingerprint,
  locator: string | null,
  page: { url: string; title: string },
  failure: FallbackRequest['failure'],
  offered: ScoredCandidate[],
): FallbackRequest {
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
