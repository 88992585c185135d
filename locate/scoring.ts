import { steadyElement } from '../core/volatile/steady-text.ts';
import { peerName } from '../core/aria/peers.ts';
import type { DomProbe } from '../core/fingerprint/probe.ts';
import type { Fingerprint } from '../core/schema/history.ts';

type Landmark = Fingerprint['landmarks'][number];
import { structureSimilarity } from './structure.ts';
import { effectiveType, typeRelation } from './element-type.ts';

export { effectiveType };
import { isMadeUpId } from '../core/locator/written-id.ts';
import { captionChanged } from './caption.ts';
import { kTestIdMatch, kIdMatch, kIdStemMatch, kGeneratedIdMatch, kNameAttrMatch, kNameExact, kNameNormalized, kNameContains, kNameSimilarMax, kLabelMatch, kPlaceholderMatch, kAltTitleMatch, kIconMatch, kIconConflict, kHrefMatch, kFormSubmitMatch, kTextMatch, kContainerNameMatch, kRowTextMatch, kRowTextNear, kRowTextSimilar, kRoleMatch, kTagMatch, kTypeMatch, kLandmarkMatch, kLandmarkNameMatch, kHeadingMatch, kNearbyTextMatch, kContainerTextMatch, kContainerRoleMatch, kSlotMatch, kStructureMax, kClassMax, kXpathMatch, kCssPathMatch, kFrameMatch, kNameDisjoint, kNameAttrConflict, kTypeConflict, kTagConflict, kHrefConflict, kMinAgreement, kMinIdentity } from './weights.ts';
import { comparableHrefs, containsWords, differingExcerpts, idRelation, looksGenerated, normalizeText, pathShape, sameButNumbers, tokenSimilarity, wholeWords } from './text.ts';

/** Neither contradicted nor renamed without evidence beyond its name: it may stand as the recorded element. */
export function standsAsRecorded(a: Agreement): boolean {
  return !a.contradictions.length && !(a.renamed && !a.evidence.length);
}

/**
 * How well a live element agrees with the fingerprint recorded at capture. Pure: the cascade,
 * the tie-breaks and the heal check all use it, and unit tests run it without a browser.
 */

/** What replay reads from a live candidate: the same probe as at record time, plus role and name. */
export interface LiveFeatures extends DomProbe {
  role: string | null;
  name: string;
  /** Number of frames between the page and the element. */
  frameDepth: number;
  visible: boolean;
}

/** Containers that show their title (a card, a dialog): the same title is the same container. */
const kTitledRoles = new Set(['article', 'dialog', 'alertdialog', 'tabpanel']);
/** Container roles whose elements repeat (a row, a card): their text tells the repeats apart. */
const kRowRoles = new Set(['listitem', 'row', 'item', 'cell', 'gridcell', 'option', 'treeitem', 'article']);

export interface Agreement {
  score: number;
  identity: number;
  /** The part of the score from the element's position (xpath, css path, slot in its container). */
  positional: number;
  /** The part of the score from the shared stable classes (context). */
  classes: number;
  /** Strong signals that say "this is another element" (role, input type, test id, landmark, row, link target). */
  contradictions: string[];
  /** Acceptable on its own: no contradiction, enough identity and total agreement. */
  acceptable: boolean;
  /** Same role, type and container kind, in a region that kept all its elements of the kind: a candidate for "the only one of its kind". */
  sameKind: boolean;
  /** 0..1 tag-path similarity. */
  structure: number;
  /** Both have a name and the names share no word ("Delete" and "Archive"). */
  nameDisjoint: boolean;
  /** The live element has a name and it is not the recorded one (other words, more or fewer of them, or none recorded). */
  renamed: boolean;
  /**
   * What says it is the recorded element apart from its name: an attribute the server or the
   * code reads (test id, id, form field name, link target, what its form sends); its own caption
   * and picture, unless its name now says something else altogether (no word shared, or a name
   * where it had none); its row's data, unless renamed. A renamed element needs one of these, or
   * the page as a whole to speak for it (see renamed-evidence.ts).
   */
  evidence: string[];
}

export interface AgreementOptions {
  /** Ids in link targets may differ (the run changed variables). */
  tolerantIds?: boolean;
  /**
   * The recorded row's text is nowhere on the page: the row was renamed (a reworded or translated
   * caption in a form table) or removed. Another row's text is then no contradiction for an
   * element that names itself by its own attribute and whose kind lost no element (see
   * `rowRenamed`); a removed row's look-alikes stay refused.
   */
  rowTextGone?: boolean;
  /**
   * Fewer elements answer to the recorded name than shared it when recorded: one of them is gone,
   * perhaps the recorded one. One left under that name is then taken only on what told the
   * look-alikes apart (its row, id, form name, test id), never on the link target they may share;
   * with the recorded row gone too, never as its row renamed.
   */
  lookAlikeGone?: boolean;
  /**
   * The page's own address (path and query; or the whole address, as the page reads links): a
   * link that goes there (an in-page anchor, a script's link) shares its target with every other
   * such link, so that target tells nothing apart.
   */
  pageAddress?: string[];
  /**
   * Names (as `peerName` writes them) of elements of the page recorded in its other states (after
   * another test's click, before this one's): names the element is never taken for, as its own
   * peers are, though the page now need not show them.
   */
  elsewhere?: ReadonlySet<string>;
  /**
   * The live row is the recorded one with a caption every row carries reworded (see
   * `withRewordedRows` in pool-evidence.ts): its text counts as the recorded row edited, not as another row.
   */
  rowReworded?: boolean;
  /**
   * The live element is the recorded locator's one match, and its exact name tells it from the
   * elements of its kind in the other rows of the recorded scope (see `nameKeysRow`): its row's
   * text counts as the recorded row edited, not as another row.
   */
  rowKeyedByName?: boolean;
}

/**
 * An attribute that names one element, not every repeat of it: `name="items[]"` and the like are
 * the array convention of form posts, shared by every row.
 */
function ownsName(value: string | null): boolean {
  return value !== null && value !== '' && !value.endsWith('[]');
}

/**
 * The recorded row text is gone and this element still is what it was: the same id, form name
 * (not a repeated one) or link target, and its region kept every element of its kind. A removed
 * row takes its links (their targets name the record) and one element of each kind with it.
 */
function rowRenamed(fp: Fingerprint, live: LiveFeatures): boolean {
  const peersKept = fp.kindPeers !== null && live.kindPeers >= fp.kindPeers;
  const ownId = fp.id !== null && fp.id === live.id && !isMadeUpId(fp.id);
  const ownNameAttr = ownsName(fp.nameAttr) && fp.nameAttr === live.nameAttr;
  const [recordedHref, liveHref] = comparableHrefs(fp.hrefPath, live.hrefPath);
  const sameTarget = recordedHref !== null && recordedHref === liveHref;
  return peersKept && (ownId || ownNameAttr || sameTarget);
}

/**
 * Both post no name of their own and are the only such submit control of a form that sends the
 * same request (see `kFormSubmitMatch`): a written target (a form without one is usually a
 * script's, whose handler the markup does not show), the same method, and every recorded field
 * name among the ones it sends now (a non-empty set). A named submit control posts its caption as its value: its rename is a change.
 */
function sameSubmission(fp: Fingerprint, live: LiveFeatures): boolean {
  const [r, l] = [fp.form, live.form];
  if (!r || !l || fp.nameAttr !== null || live.nameAttr !== null || r.unnamedSubmits !== 1 || l.unnamedSubmits !== 1) return false;
  // A form that gained a field (a release added "Due" beside "Title") still sends what was sent.
  return r.action !== null && r.action === l.action && r.method === l.method && r.fields.length > 0 && r.fields.every((f) => l.fields.includes(f));
}

function nameScore(recorded: string, live: string): number {
  if (!recorded || !live) return 0;
  if (recorded === live) return kNameExact;
  if (normalizeText(recorded) === normalizeText(live)) return kNameNormalized;
  if (containsWords(recorded, live)) return kNameContains;
  const similarity = tokenSimilarity(recorded, live);
  return similarity > 0 ? Math.round(kNameSimilarMax * similarity) : kNameDisjoint;
}

function same(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && normalizeText(a) === normalizeText(b) && normalizeText(a) !== '';
}

/** The outermost landmark (main, navigation, complementary, ...): decoys live in another one. */
function outerLandmark(landmarks: { role: string }[]): string | null {
  return landmarks[0]?.role ?? null;
}

function innerLandmark(landmarks: Landmark[]): Landmark | null {
  return landmarks[landmarks.length - 1] ?? null;
}

function sameRegion(a: Landmark[], b: Landmark[]): boolean {
  const [x, y] = [innerLandmark(a), innerLandmark(b)];
  if (!x || !y) return !x && !y;
  return x.role === y.role && normalizeText(x.name) === normalizeText(y.name);
}

/** Whether the recorded element sat in a repeated container (a row), where the row's data names it. */
export function isRowScoped(fp: Fingerprint): boolean {
  const c = fp.container;
  return c !== null && c.text !== null && (kRowRoles.has(c.role) || c.siblings > 1);
}

function classSimilarity(recorded: string[], live: string[]): number {
  const stable = (list: string[]) => new Set(list.filter((c) => !looksGenerated(c)));
  const [a, b] = [stable(recorded), stable(live)];
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const c of a) if (b.has(c)) shared++;
  return shared / (a.size + b.size - shared);
}

/** A container's text is the recorded one, or holds its words, or shares most of them. */
export function rowTextAgrees(recorded: string | null, live: string | null): boolean {
  if (!recorded || !live) return false;
  if (normalizeText(recorded) === normalizeText(live)) return true;
  const [r, l] = [wholeWords(recorded), wholeWords(live)];
  return containsWords(r, l) || tokenSimilarity(r, l) >= kRowTextSimilar;
}

/** The contradiction of a row that is not the recorded one, each text shown from where they differ. */
function rowContradiction(role: string, live: string, recorded: string): string {
  const [l, r] = differingExcerpts(live, recorded);
  return `in the ${role} "${l}", recorded in "${r}"`;
}

/** `positional`: the part of `context` that is the element's place (its slot), also counted in `context`. */
interface ContainerScore { identity: number; context: number; positional: number; contradiction: string | null }

function containerScore(fp: Fingerprint, live: LiveFeatures, options: AgreementOptions): ContainerScore {
  const [r, l] = [fp.container, live.container];
  const out: ContainerScore = { identity: 0, context: 0, positional: 0, contradiction: null };
  if (!r) return out;
  const row = isRowScoped(fp);
  if (!l) {
    if (row) out.contradiction = `not inside a ${r.role}, recorded in the ${r.role} "${r.text}"`;
    return out;
  }
  if (r.role === l.role || r.tag === l.tag) out.context += kContainerRoleMatch;
  const sameName = same(r.name, l.name);
  if (sameName) out.identity += kContainerNameMatch;
  // Where the element sits in its container is position: it never tells look-alikes apart.
  if (r.slot.index === l.slot.index && r.slot.count === l.slot.count) {
    out.context += kSlotMatch;
    out.positional += kSlotMatch;
  }
  if (!r.text || !l.text) return out;
  const equal = normalizeText(r.text) === normalizeText(l.text);
  const near = !equal && rowTextAgrees(r.text, l.text);
  if (row) {
    // A row sharing only some words ("Walk the cat" for "Walk the dog") is another row.
    // A row whose words stayed and whose numbers moved (a counter suffix) is the row edited too.
    const edited = containsWords(wholeWords(r.text), wholeWords(l.text)) || sameButNumbers(wholeWords(r.text), wholeWords(l.text));
    const extended = near && edited && (fp.kindPeers === null || live.kindPeers >= fp.kindPeers);
    if (equal) out.identity += kRowTextMatch;
    else if (extended) out.identity += kRowTextNear;
    // The same titled container (a card under its title) whose words were reworded is still it.
    else if (options.rowReworded || options.rowKeyedByName) out.identity += kRowTextNear;
    else if (!(sameName && kTitledRoles.has(r.role)) && !(options.rowTextGone && !options.lookAlikeGone && rowRenamed(fp, live))) out.contradiction = rowContradiction(l.role, l.text, r.text);
  } else if (equal || near) {
    out.context += kContainerTextMatch;
  }
  return out;
}

/** The recorded classes that are not generated (the ones that may tell an element apart). */
export function stableClasses(fp: Fingerprint): string[] {
  return fp.classes.filter((c) => !looksGenerated(c));
}

export function agreement(recorded: Fingerprint, shown: LiveFeatures, options: AgreementOptions = {}): Agreement {
  // Words its page changed by itself (a clock, a poll's figures) are set aside on both sides.
  const [fp, live] = [steadyElement(recorded, recorded.volatile), steadyElement(shown, recorded.volatile)];
  // Positive identity evidence; penalties count against the total only.
  let identity = 0;
  let penalty = 0;
  let context = 0;
  const contradictions: string[] = [];

  const evidence: string[] = [];
  // What the element shows of itself besides its name (a label, a title, its picture): evidence
  // for a name that kept some of its words, not for one that says something else altogether.
  const captions: string[] = [];
  const name = nameScore(fp.name, live.name);
  // A name it did not have or lost (an element with a role) is a change of name; an element the
  // accessibility tree names nothing is named by its own caption (see caption.ts).
  const recordedNamed = fp.name.trim() !== '';
  const renamed = live.name.trim() !== '' ? !recordedNamed || name < kNameNormalized : (recordedNamed && fp.role !== null && live.role !== null) || (!recordedNamed && captionChanged(fp, live));
  if (fp.testId && fp.testId === live.testId) evidence.push(`test id ${fp.testId}`);
  const ids = idRelation(fp.id, live.id);
  if ((ids === 'equal' && !isMadeUpId(fp.id!)) || ids === 'stem') evidence.push(`id ${live.id}`);
  // Under another name, an id of its own that is another one says it is another element.
  else if (renamed && ids === 'different' && fp.id && live.id && !isMadeUpId(fp.id) && !isMadeUpId(live.id)) contradictions.push(`renamed, and its id ${live.id} is not ${fp.id}`);
  if (fp.nameAttr && live.nameAttr) {
    if (fp.nameAttr === live.nameAttr) {
      identity += kNameAttrMatch;
      if (ownsName(fp.nameAttr)) evidence.push(`form name ${fp.nameAttr}`);
    } else if (renamed) contradictions.push(`renamed, and its form name ${live.nameAttr} is not ${fp.nameAttr}`);
    else penalty += kNameAttrConflict;
  }
  if (fp.testId && live.testId) {
    if (fp.testId === live.testId) identity += kTestIdMatch;
    else contradictions.push(`test id ${live.testId} is not ${fp.testId}`);
  }
  switch (ids) {
    case 'equal': identity += isMadeUpId(fp.id!) ? kGeneratedIdMatch : kIdMatch; break;
    case 'stem': identity += kIdStemMatch; break;
    case 'different': case 'unknown': break;
  }
  const peers = peerSet(fp);
  const liveName = peerName(live.name);
  const peerNamed = live.name.trim() !== '' && liveName !== peerName(fp.name) && (peers?.has(liveName) === true || options.elsewhere?.has(liveName) === true);
  // A name that several elements shared at record time tells the kind, not which one: the one
  // left after its look-alikes went is not the recorded one by its name.
  if (name > 0 && fp.roleNameCount > 1) context += name;
  else if (name > 0) identity += name;
  else penalty += name;
  // A label, placeholder, alt or title that gave the element its name is the name again: it
  // only adds when it is other evidence.
  const beyondName = (recorded: string | null) => !same(recorded, fp.name);
  if (same(fp.label, live.label) && beyondName(fp.label)) {
    identity += kLabelMatch;
    captions.push(`label "${fp.label}"`);
  }
  if (same(fp.placeholder, live.placeholder) && beyondName(fp.placeholder)) {
    identity += kPlaceholderMatch;
    captions.push(`placeholder "${fp.placeholder}"`);
  }
  if ((same(fp.alt, live.alt) && beyondName(fp.alt)) || (same(fp.title, live.title) && beyondName(fp.title))) {
    identity += kAltTitleMatch;
    captions.push(same(fp.alt, live.alt) ? `alt "${fp.alt}"` : `title "${fp.title}"`);
  }
  if (fp.icon && live.icon) {
    if (fp.icon === live.icon) {
      identity += kIconMatch;
      captions.push('its picture');
    } else penalty += kIconConflict;
  }
  const [recordedHref, liveHref] = comparableHrefs(fp.hrefPath, live.hrefPath);
  if (recordedHref && liveHref && recordedHref !== liveHref) {
    // The same route shape with another id is another record's link ("Blue Lamp" for "Blue Kettle").
    if (pathShape(recordedHref) !== pathShape(liveHref)) {
      // Under another name and to another place: another link.
      if (renamed) contradictions.push(`renamed, and it links to ${live.hrefPath}, recorded ${fp.hrefPath}`);
      else penalty += kHrefConflict;
    } else if (!options.tolerantIds) contradictions.push(`links to ${live.hrefPath}, recorded ${fp.hrefPath}`);
  } else if (recordedHref && recordedHref === liveHref && !(options.lookAlikeGone && !renamed)) {
    identity += kHrefMatch;
    if (!options.pageAddress?.includes(recordedHref)) evidence.push(`link target ${fp.hrefPath}`);
  }
  if (sameSubmission(fp, live)) {
    identity += kFormSubmitMatch;
    evidence.push('what its form sends');
  }
  // The visible text is usually the name again: it only adds when it is other evidence.
  if (same(fp.text, live.text) && fp.text!.length <= 80 && !same(fp.text, fp.name)) {
    identity += kTextMatch;
    captions.push(`text "${fp.text}"`);
  }
  const container = containerScore(fp, live, options);
  identity += container.identity;
  // A name another element of the page had when recorded belongs to that element, unless what the
  // server or the code reads of the recorded one says otherwise (a reword that met an old name).
  if (peerNamed && !evidence.length) contradictions.push(`"${live.name.slice(0, 60)}" was another ${fp.role ?? fp.tag} of the page when recorded`);
  // Its row's data says which row, not which control of the row: under another name, another one.
  if (container.identity > 0 && !renamed) evidence.push(`its ${fp.container!.role}`);
  if (!renamed || (name !== kNameDisjoint && fp.name.trim() !== '')) evidence.push(...captions);
  context += container.context;
  if (container.contradiction) contradictions.push(container.contradiction);

  if (fp.role && live.role) {
    if (fp.role === live.role) context += kRoleMatch;
    else contradictions.push(`role ${live.role} is not ${fp.role}`);
  }
  context += fp.tag === live.tag ? kTagMatch : kTagConflict;
  const types = typeRelation(fp, live);
  const sameType = types !== 'different';
  if (types === 'equal') context += kTypeMatch;
  else if (types === 'different') {
    if (fp.tag === 'input' && live.tag === 'input') contradictions.push(`an input of type ${effectiveType(live.tag, live.type)}, recorded ${effectiveType(fp.tag, fp.type)}`);
    else penalty += kTypeConflict;
  }
  const [recordedLandmark, liveLandmark] = [outerLandmark(fp.landmarks), outerLandmark(live.landmarks)];
  if (recordedLandmark && liveLandmark) {
    if (recordedLandmark === liveLandmark) context += kLandmarkMatch;
    else contradictions.push(`in ${liveLandmark}, recorded in ${recordedLandmark}`);
  }
  const region = sameRegion(fp.landmarks, live.landmarks);
  if (region && innerLandmark(fp.landmarks)?.name) context += kLandmarkNameMatch;
  if (same(fp.nearbyHeading, live.nearbyHeading)) context += kHeadingMatch;
  if (same(fp.nearbyText, live.nearbyText)) context += kNearbyTextMatch;
  const structure = structureSimilarity(fp.xpath, live.xpath);
  context += Math.round(kStructureMax * structure);
  const classes = Math.round(kClassMax * classSimilarity(fp.classes, live.classes));
  context += classes;
  const path = (fp.xpath === live.xpath ? kXpathMatch : 0) + (fp.cssPath === live.cssPath ? kCssPathMatch : 0);
  context += path;
  const positional = path + container.positional;
  if (fp.frameChain.length === live.frameDepth) context += kFrameMatch;

  const score = identity + context + penalty;
  const sameRole = fp.role ? fp.role === live.role : fp.tag === live.tag;
  const sameContainer = !fp.container || (live.container !== null && (fp.container.role === live.container.role || fp.container.tag === live.container.tag));
  // A region with fewer elements of the kind than recorded lost one: the rest are not it.
  const peersKept = fp.kindPeers === null || live.kindPeers >= fp.kindPeers;
  return {
    score,
    identity,
    positional,
    classes,
    contradictions,
    // A renamed element is its own evidence only through something beyond its name.
    acceptable: !contradictions.length && identity >= kMinIdentity && score >= kMinAgreement && (!renamed || evidence.length > 0),
    sameKind: !contradictions.length && sameRole && sameType && region && sameContainer && peersKept,
    structure,
    nameDisjoint: name === kNameDisjoint,
    renamed,
    evidence,
  };
}

const peerSets = new WeakMap<Fingerprint, ReadonlySet<string> | null>();

/** The recorded peers' names as a set, built once per fingerprint. */
function peerSet(fp: Fingerprint): ReadonlySet<string> | null {
  if (!fp.peers?.length) return null;
  let set = peerSets.get(fp);
  if (set === undefined) peerSets.set(fp, (set = new Set(fp.peers)));
  return set;
}
