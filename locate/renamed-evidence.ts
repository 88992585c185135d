import type { Fingerprint } from '../core/schema/history.ts';
import type { LiveFeatures } from './scoring.ts';
import { normalizeText } from './text.ts';

/**
 * The evidence model for an element that is the cascade's one choice but shows another name, with
 * nothing the server or the code reads (test id, id, form name, link target, what its form sends)
 * to say it is the recorded one. What a person weighs there is the page as a whole: is the element
 * where the recorded one was, under the classes the app gave it, between the same neighbours, on a
 * page that kept what was recorded on it; do its old and new captions share words; and did the
 * release change the page's words (a translation, other recorded controls reworded where they sat,
 * every look-alike reworded at once, an icon in place of the caption) or only this one control's.
 *
 * Each signal adds or takes its weight; the element is taken when the sum reaches `kRenamedFloor`
 * and the page kept enough of its recorded elements. A new caption that shares no word with the old
 * one is what a control of another purpose put in the recorded one's place looks like (the same
 * tag, classes and place): it costs `kWordsDisjoint`, which only an explanation of the change of
 * words lifts. Pure: the facts are read by renamed-facts.ts.
 */

/** At the recorded CSS path and XPath, in the page's own document: the layout kept its slot. */
export const kPlaceKept = 2;
/**
 * A recorded class that is not generated and that no other element of the page holds (`task-entry`,
 * `btn-save`): the app's own name for the control, which restyles rarely touch.
 */
export const kDistinctClassKept = 2;
/** Each neighbour kept (the nearest heading, the nearby text, the container's own text or name), counted up to `kMaxNeighbours`. */
export const kNeighbourKept = 1;
export const kMaxNeighbours = 2;
/** In the recorded innermost landmark (its role and name). */
export const kRegionKept = 1;
/** The only element of its kind in the recorded region and container, once the others took their own matches. */
export const kSoleOfKind = 1;
/** Old and new captions share a word of substance ("Save note" -> "Store note"): a reword, not another purpose. */
export const kWordsShared = 2;
/**
 * The caption the recorded name came from (its placeholder, label, title, alt or text) is still
 * shown unchanged: the name moved to another source (a build added an `aria-label`), the control did not.
 */
export const kCaptionKept = 4;
/** The release changed the page's words, not this control's alone (see `RenamedFacts.reworded`). */
export const kPageReworded = 2;
/**
 * No word of substance shared between what it showed and what it shows, and nothing explains a
 * change of words: a substitution in place looks exactly so, a rename rarely does.
 */
export const kWordsDisjoint = -4;
/** Another element sits where a recorded member of the page sat (another id, form name, target or test id). */
export const kMemberDisplaced = -3;
/**
 * The sum at which the element is taken. Place, neighbours and being the only one of the kind
 * (what a substitution keeps) stay below it under a caption with no word in common; a reword that
 * kept a word, or any explanation of the change of words, reaches it with the place.
 */
export const kRenamedFloor = 5;
/** Below this share of the page's other recorded elements re-found (by name, or at their place by what they are), the page is not the recorded one. */
export const kMinMembersKept = 0.5;

/** Short words carry grammar, not purpose ("to", "the", "of"): a caption with no longer word is compared whole (see `wordsShared`). */
const kMinContentLetters = 4;
/**
 * Beside words of `kMinContentLetters`, a word of three letters is one of substance too, when it
 * is not grammar: the thing a control acts on is often that short ("Update a bed", "Edit tag").
 */
const kMinShortContentLetters = 3;
/** Function words of four letters and more that captions share without sharing a purpose. */
const kFunctionWords = new Set(['what', 'this', 'that', 'your', 'with', 'from', 'here', 'have', 'will', 'into', 'some', 'more', 'than', 'when', 'were', 'been', 'their', 'there', 'which', 'would', 'about', 'please']);
/** Function words of three letters. */
const kShortFunctionWords = new Set(['the', 'and', 'for', 'but', 'nor', 'not', 'yet', 'you', 'are', 'was', 'has', 'had', 'its', 'our', 'his', 'her', 'all', 'any', 'few', 'can', 'may', 'who', 'why', 'how', 'out', 'off', 'own', 'per', 'via', 'too', 'yes', 'one', 'two', 'now', 'let']);

/**
 * Kinds of effect a control's caption names with its verb. A caption reworded within a kind keeps
 * the purpose ("Save note" -> "Store note", "Update a bed" -> "Change a bed"); one whose verb moved
 * to another kind names another control whatever else it kept ("Update a bed" -> "Delete a bed":
 * the word kept names what it acts on, not what it does), and is refused (the `purpose` rule).
 * English verbs only: a caption in another language shares no word and is weighed by the rest.
 */
const kActionKinds: Record<string, readonly string[]> = {
  create: ['add', 'create', 'new', 'insert', 'upload', 'invite', 'register'],
  change: ['update', 'change', 'edit', 'modify', 'save', 'store', 'apply', 'rename'],
  remove: ['delete', 'remove', 'discard', 'erase', 'destroy', 'drop', 'purge', 'trash', 'unlink', 'uninstall', 'revoke', 'unsubscribe'],
  cancel: ['cancel', 'dismiss', 'abort', 'undo', 'revert', 'reset'],
};
const kActionKindOf = new Map(Object.entries(kActionKinds).flatMap(([kind, verbs]) => verbs.map((verb) => [verb, kind] as const)));
/** How far into a caption its verb is looked for: controls lead with it ("Delete", "Add a bed", "Quick edit"). */
const kVerbWithin = 2;

export interface RenamedFacts {
  /** At its recorded CSS path and XPath in the page's own document. */
  place: boolean;
  /** The stable recorded class only this element holds on the page, or null. */
  distinctClass: string | null;
  /** Neighbours kept, said for a reader (`the heading "Tasks"`). */
  neighbours: string[];
  regionKept: boolean;
  /** The only one of its kind (the pick's `sole` rule). */
  sole: boolean;
  /** What the element showed and shows share a word (see `wordsShared`); null when it shows no words now. */
  wordsShared: boolean | null;
  /** The recorded caption still shown unchanged, said for a reader, or null. */
  captionKept: string | null;
  /** Why the page's words changed around it, said for a reader, or null. */
  reworded: string | null;
  /** A recorded member's place holds another element, said for a reader, or null. */
  displaced: string | null;
  /** Its caption's verb names another kind of effect than the recorded one's, said for a reader, or null (see `actionChanged`). */
  actionChanged?: string | null;
  /** The page's other recorded elements: how many were re-found, of how many. */
  members: { kept: number; of: number };
}

export interface RenamedVerdict {
  taken: boolean;
  score: number;
  /** The signals that counted for it, each with its weight. */
  carried: string[];
  /** The signals that counted against it. */
  against: string[];
  /** Why it was not taken: below the floor, on a page that lost what was recorded, or a caption that says it does another thing. */
  rule: 'floor' | 'page' | 'purpose' | null;
}

/** Content words of an element's captions: its name and what it shows of itself; `short`: three-letter ones too. */
export function captionWords(texts: (string | null | undefined)[], short = false): Set<string> {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of normalizeText(text).split(' ')) {
      const letters = [...word.matchAll(/\p{L}/gu)].length;
      if (letters >= kMinContentLetters ? !kFunctionWords.has(word) : short && letters >= kMinShortContentLetters && !kShortFunctionWords.has(word)) out.add(word);
    }
  }
  return out;
}

/** What an element shows of itself, besides the role. */
function captionsOf(f: Pick<LiveFeatures, 'name' | 'placeholder' | 'label' | 'title' | 'alt' | 'text' | 'ariaLabel'>): (string | null)[] {
  return [f.name, f.placeholder, f.label, f.title, f.alt, f.ariaLabel, f.text && f.text.length <= 80 ? f.text : null];
}

/** Every word of an element's captions, short ones included ("Log in", "OK"). */
function allCaptionWords(texts: (string | null | undefined)[]): Set<string> {
  return new Set(texts.flatMap((text) => normalizeText(text).split(' ').filter(Boolean)));
}

/**
 * Whether the recorded and live captions share a word: a word of substance where both have one
 * of four letters or more (three-letter ones then count too: "Update a bed" -> "Change a bed"),
 * else any word (a caption of short words, "Log in" or "OK", is compared whole). A caption where
 * the recorded element showed none is a caption it was given: nothing shared. Null when the
 * element shows no words now.
 */
export function wordsShared(fp: Fingerprint, live: LiveFeatures): boolean | null {
  const [recorded, now] = [captionWords(captionsOf(fp)), captionWords(captionsOf(live))];
  const [recordedAll, nowAll] = [allCaptionWords(captionsOf(fp)), allCaptionWords(captionsOf(live))];
  if (!nowAll.size) return null;
  const [a, b] = recorded.size && now.size ? [captionWords(captionsOf(fp), true), captionWords(captionsOf(live), true)] : [recordedAll, nowAll];
  for (const w of a) if (b.has(w)) return true;
  return false;
}

/** The kind of effect a caption's verb names, with the verb; null when it leads with none of kActionKinds. */
function actionOf(caption: string | null | undefined): { verb: string; kind: string } | null {
  for (const word of normalizeText(caption).split(' ').slice(0, kVerbWithin)) {
    const kind = kActionKindOf.get(word);
    if (kind) return { verb: word, kind };
  }
  return null;
}

/** When the recorded and live names each lead with a verb of kActionKinds, of two kinds: said for a reader; else null. */
export function actionChanged(fp: Pick<Fingerprint, 'name'>, live: Pick<LiveFeatures, 'name'>): string | null {
  const [was, now] = [actionOf(fp.name), actionOf(live.name)];
  if (!was || !now || was.kind === now.kind) return null;
  return `its caption says it does another thing: "${now.verb}" (${now.kind}) where it said "${was.verb}" (${was.kind})`;
}

/** The recorded caption the name came from, still shown unchanged; null when none is. */
export function captionKept(fp: Fingerprint, live: LiveFeatures): string | null {
  const name = normalizeText(fp.name);
  if (!name) return null;
  const sources: [string, string | null, string | null][] = [
    ['placeholder', fp.placeholder, live.placeholder], ['label', fp.label, live.label], ['title', fp.title, live.title],
    ['alt', fp.alt, live.alt], ['text', fp.text, live.text],
  ];
  for (const [what, recorded, now] of sources) {
    if (recorded && normalizeText(recorded) === name && now && normalizeText(now) === name) return `${what} "${recorded}"`;
  }
  return null;
}

export function weighRenamed(facts: RenamedFacts): RenamedVerdict {
  const carried: string[] = [];
  const against: string[] = [];
  let score = 0;
  const add = (weight: number, what: string) => {
    score += weight;
    (weight >= 0 ? carried : against).push(`${what} (${weight >= 0 ? '+' : ''}${weight})`);
  };
  if (facts.place) add(kPlaceKept, 'at its recorded place');
  if (facts.distinctClass) add(kDistinctClassKept, `the class ${facts.distinctClass}, no other element's`);
  for (const n of facts.neighbours.slice(0, kMaxNeighbours)) add(kNeighbourKept, `${n} kept`);
  if (facts.regionKept) add(kRegionKept, 'in its recorded region');
  if (facts.sole) add(kSoleOfKind, 'the only one of its kind');
  if (facts.captionKept) add(kCaptionKept, `its ${facts.captionKept} still shown`);
  if (facts.reworded) add(kPageReworded, `the page was reworded: ${facts.reworded}`);
  if (facts.wordsShared === true) add(kWordsShared, 'its old and new captions share a word');
  else if (facts.wordsShared === false && !facts.reworded && !facts.captionKept) add(kWordsDisjoint, 'its new caption shares no word with the old one, and nothing else on the page was reworded');
  if (facts.displaced) add(kMemberDisplaced, facts.displaced);
  const { kept, of } = facts.members;
  const pageKept = of === 0 || kept >= kMinMembersKept * of;
  const rule = !pageKept ? 'page' : facts.actionChanged ? 'purpose' : score < kRenamedFloor ? 'floor' : null;
  return { taken: rule === null, score, carried, against, rule };
}

/** The verdict said for a reader: the rule and score when refused, the signals that carried it when taken. */
export function describeVerdict(verdict: RenamedVerdict, facts: Pick<RenamedFacts, 'members' | 'actionChanged'>): string {
  const { members } = facts;
  const signals = [...verdict.carried, ...verdict.against].join(', ') || 'no signal';
  if (verdict.rule === 'page') return `page: ${members.kept} of the page's ${members.of} other recorded elements re-found (below ${kMinMembersKept * 100}%); refused`;
  if (verdict.rule === 'purpose') return `purpose: ${facts.actionChanged}; refused`;
  if (verdict.rule === 'floor') return `floor: evidence ${verdict.score} < ${kRenamedFloor} (${signals}); refused`;
  return `taken on evidence ${verdict.score} >= ${kRenamedFloor}: ${signals}`;
}
