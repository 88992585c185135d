import { kRenamedFloor, kCaptionKept, kDistinctClassKept, kMaxNeighbours, kMemberDisplaced, kNeighbourKept, kPageReworded, kPlaceKept, kRegionKept, kSoleOfKind, kWordsDisjoint, kWordsShared } from '../../locate/renamed-evidence.ts';

/**
 * The evidence model's decisions as replay's step notes say them (locate/renamed-evidence.ts
 * `describeVerdict`), read back into signals, and weights fit on them: every decision the model
 * made on a renamed element in the heal corpus, labelled by what was right there (an honest
 * mutant keeps the recorded element, so taking it is right; a gone case removed or replaced it,
 * so taking anything is wrong). Fit by app left out: weights chosen on the other apps' decisions
 * (no wrong take allowed, then as many right takes as possible), measured on the one left out.
 * Pure.
 */

export const kSignals = ['place', 'distinctClass', 'neighbour', 'region', 'sole', 'captionKept', 'reworded', 'wordsShared', 'wordsDisjoint', 'displaced'] as const;
export type Signal = (typeof kSignals)[number];
export type Weights = Record<Signal | 'floor', number>;

/** The model's weights as the project names them. */
export const kProjectWeights: Weights = {
  place: kPlaceKept, distinctClass: kDistinctClassKept, neighbour: kNeighbourKept, region: kRegionKept, sole: kSoleOfKind,
  captionKept: kCaptionKept, reworded: kPageReworded, wordsShared: kWordsShared, wordsDisjoint: kWordsDisjoint, displaced: kMemberDisplaced, floor: kRenamedFloor,
};

export interface Decision {
  app: string;
  /** The honest mutant or the gone family it was made in. */
  family: string;
  /** Taking the element was right (honest) or wrong (gone). */
  right: boolean;
  signals: Partial<Record<Signal, number>>;
  /** Refused by the page or the purpose rule: no weights lift it. */
  pageRule: boolean;
}

function signalOf(text: string): Signal | null {
  if (text.startsWith('at its recorded place')) return 'place';
  if (text.startsWith('the class ')) return 'distinctClass';
  if (text.startsWith('in its recorded region')) return 'region';
  if (text.startsWith('the only one of its kind')) return 'sole';
  if (text.startsWith('the page was reworded')) return 'reworded';
  if (text.startsWith('its old and new captions share a word')) return 'wordsShared';
  if (text.startsWith('its new caption shares no word')) return 'wordsDisjoint';
  if (text.startsWith('another element sits where')) return 'displaced';
  if (text.endsWith(' still shown')) return 'captionKept';
  if (text.endsWith(' kept')) return 'neighbour';
  return null;
}

/** The signals of one evidence note ("... taken on evidence 6 >= 5: a (+2), b (+1)" or "... floor: evidence 4 < 5 (a (+2), ...)"); null for any other note. */
export function readDecision(note: string): { signals: Partial<Record<Signal, number>>; pageRule: boolean } | null {
  if (/\bpage: \d+ of the page's \d+ other recorded elements re-found/.test(note)) return { signals: {}, pageRule: true };
  if (/\bpurpose: its caption says it does another thing/.test(note)) return { signals: {}, pageRule: true };
  const m = /(?:taken on evidence -?\d+ >= \d+: |floor: evidence -?\d+ < \d+ \()(.*)$/.exec(note);
  if (!m) return null;
  const signals: Partial<Record<Signal, number>> = {};
  // Each signal ends in its weight: "what (+2)"; the text of one may hold commas and parentheses.
  for (const part of m[1]!.matchAll(/(.*?) \(([+-]\d+)\)(?:, |\); refused$|$)/g)) {
    const signal = signalOf(part[1]!.trim());
    if (signal) signals[signal] = (signals[signal] ?? 0) + 1;
  }
  return { signals, pageRule: false };
}

export function scoreOf(d: Decision, w: Weights): number {
  return kSignals.reduce((sum, s) => sum + (d.signals[s] !== undefined ? w[s] * (s === 'neighbour' ? Math.min(d.signals[s]!, kMaxNeighbours) : d.signals[s]!) : 0), 0);
}

export interface Tally { rightTaken: number; right: number; wrongTaken: number; wrong: number }

export function tally(decisions: Decision[], w: Weights): Tally {
  const out: Tally = { rightTaken: 0, right: 0, wrongTaken: 0, wrong: 0 };
  for (const d of decisions) {
    const taken = !d.pageRule && scoreOf(d, w) >= w.floor;
    if (d.right) {
      out.right++;
      if (taken) out.rightTaken++;
    } else {
      out.wrong++;
      if (taken) out.wrongTaken++;
    }
  }
  return out;
}

/** A wrong take costs more than every right one can earn: the fit never buys heals with a wrong action. */
const kWrongCost = 1_000;
/** Each weight stays within this of zero, the floor within 1..kMaxWeight: the scale of the project's own weights. */
const kMaxWeight = 8;
/** Passes of coordinate search over the weights. */
const kPasses = 6;

function objective(t: Tally): number {
  return t.rightTaken - kWrongCost * t.wrongTaken;
}

/**
 * Weights fit on `decisions`: from the project's weights, each weight in turn moved to the value
 * that scores best (ties keep the value nearest the project's), until nothing improves. Signs are
 * kept: a signal that counts for an element never counts against it.
 */
export function fitWeights(decisions: Decision[], start: Weights = kProjectWeights): Weights {
  let best = { ...start };
  let bestScore = objective(tally(decisions, best));
  for (let pass = 0; pass < kPasses; pass++) {
    let improved = false;
    for (const key of [...kSignals, 'floor'] as const) {
      const sign = key === 'floor' ? 1 : Math.sign(start[key]) || 1;
      for (let v = key === 'floor' ? 1 : 0; v <= kMaxWeight; v++) {
        const trial = { ...best, [key]: sign * v };
        const score = objective(tally(decisions, trial));
        const nearer = Math.abs(trial[key] - start[key]) < Math.abs(best[key] - start[key]);
        if (score > bestScore || (score === bestScore && nearer)) {
          improved ||= score > bestScore;
          best = trial;
          bestScore = score;
        }
      }
    }
    if (!improved) break;
  }
  return best;
}

export interface Fold { app: string; weights: Weights; train: Tally; heldOut: Tally; project: Tally }

/** One fold per app: weights fit on the other apps, measured on it; beside them the project's weights on it. */
export function crossValidate(decisions: Decision[]): Fold[] {
  const apps = [...new Set(decisions.map((d) => d.app))];
  return apps.map((app) => {
    const train = decisions.filter((d) => d.app !== app);
    const test = decisions.filter((d) => d.app === app);
    const weights = fitWeights(train);
    return { app, weights, train: tally(train, weights), heldOut: tally(test, weights), project: tally(test, kProjectWeights) };
  });
}

export function foldsTable(folds: Fold[]): string {
  const cell = (t: Tally) => `${t.rightTaken}/${t.right} right taken, ${t.wrongTaken}/${t.wrong} wrong taken`;
  const weights = (w: Weights) => [...kSignals, 'floor' as const].map((k) => `${k} ${w[k]}`).join(' ');
  return folds.map((f) => `  left out ${f.app.padEnd(11)} fit on the others: ${cell(f.heldOut)}   project's weights: ${cell(f.project)}\n    fit weights: ${weights(f.weights)}`).join('\n');
}
