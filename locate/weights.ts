/**
 * The agreement model's named weights and thresholds (locate/scoring.ts): what each signal a live
 * element shares with its recorded fingerprint is worth, what counts against it, and the floors a
 * match must clear. One home, so a fit of the weights reads and changes them here.
 */

// Identity signals: each on its own says "this is the same control".
/** Authors add test ids precisely so that they survive redesigns. */
export const kTestIdMatch = 100;
/** A readable id that is still there. */
export const kIdMatch = 50;
/** The same id stem with a different generated suffix (a CSS-modules or build-hash change). */
export const kIdStemMatch = 35;
/** An equal id that looks generated may be reused by anything after the next build. */
export const kGeneratedIdMatch = 15;
/** The form field name is what the server reads; releases rarely change it. */
export const kNameAttrMatch = 40;
export const kNameExact = 50;
/** Same words, other case or punctuation. */
export const kNameNormalized = 40;
/** One name holds the other's words ("Save" -> "Save changes"). */
export const kNameContains = 30;
/** Scaled by word overlap when the names only partly agree ("Sign in" -> "Log in"). */
export const kNameSimilarMax = 25;
export const kLabelMatch = 25;
export const kPlaceholderMatch = 20;
export const kAltTitleMatch = 15;
/** The same picture (a bin, an archive box): what an icon-only control does. */
export const kIconMatch = 15;
/** Another picture on a control that shows one: look-alike icon buttons differ only there. */
export const kIconConflict = -15;
export const kHrefMatch = 40;
/**
 * The only submit control of a form that posts no name of its own, in a form that sends the
 * recorded named fields (and perhaps new ones), by the same method, to the same written target:
 * submitting it sends the request the recorded one sent (the fields alone; a named submit control
 * beside it adds its own name),
 * whatever its caption now says (a reworded, translated or icon-only button).
 */
export const kFormSubmitMatch = 40;
/** Visible text that differs from the name (a name from aria-label, text from the content). */
export const kTextMatch = 15;
/** The same name (aria-label/legend) on the container: a named row or group. */
export const kContainerNameMatch = 30;
/**
 * A repeated container (list item, table row, card) still holding the recorded data text: it
 * names the unnamed controls inside it, as the row's text names a checkbox for a reader.
 */
export const kRowTextMatch = 45;
/**
 * The row's words in order inside a longer (or shorter) text: an edited or extended row, or
 * another row that shares the words. Below `kMinIdentity`: it tells the row from the others, but
 * an unnamed control in it is taken only as the sole or leading one of its kind, and not at all
 * when the region lost an element of the kind (the recorded row may be the one removed).
 */
export const kRowTextNear = 20;
/**
 * Word overlap (Jaccard) above which a container's text may be the recorded one edited: enough
 * for a form or dialog, and for the container level to look at a row; a row itself must keep the
 * recorded words in order (see `containerScore`).
 */
export const kRowTextSimilar = 0.5;

// Context signals: they tell look-alikes apart but never identify an element alone.
export const kRoleMatch = 20;
export const kTagMatch = 5;
export const kTypeMatch = 10;
export const kLandmarkMatch = 20;
/** The same named region ("Billing" vs "Shipping"): look-alike forms are told apart by it. */
export const kLandmarkNameMatch = 20;
export const kHeadingMatch = 15;
export const kNearbyTextMatch = 10;
/** A non-repeated container (form, dialog, group) with the same text: the same part of the page. */
export const kContainerTextMatch = 10;
/** Same kind of container (row, dialog, form) around the element. */
export const kContainerRoleMatch = 10;
/** The same place among the container's elements of its kind (the row's 2nd button). */
export const kSlotMatch = 20;
/** Scaled by the tag-path similarity (0..1): the same structure around the element. */
export const kStructureMax = 20;
/** Scaled by the shared share of stable class names: styling hooks often survive a release. */
export const kClassMax = 10;
export const kXpathMatch = 15;
export const kCssPathMatch = 10;
export const kFrameMatch = 5;

// Penalties.
/** Both names present and sharing no word: a different control unless an id says otherwise. */
export const kNameDisjoint = -25;
export const kNameAttrConflict = -50;
/** A submit button is not a plain button (an input's type differing is a contradiction). */
export const kTypeConflict = -25;
export const kTagConflict = -15;
export const kHrefConflict = -40;

/** Minimum total agreement before replay acts on an element on its own evidence. */
export const kMinAgreement = 60;
/** Minimum identity evidence (the signals above the context ones) for acting on its own evidence. */
export const kMinIdentity = 30;
/** The winner among several candidates must lead the runner-up by this much, else it is a tie. */
export const kTieMargin = 15;
/**
 * The sole element of its kind in the recorded region and container needs this structural
 * similarity: a moved block keeps most of its tag path; another part of the page does not.
 */
export const kMinSoleStructure = 0.6;
/**
 * A recorded member of the page takes a live candidate from the element looked for when the
 * page's best one-to-one reading loses this much without that pair (see member-claims.ts): the
 * margin a winner needs over its runner-up, asked of the page's reading as a whole.
 */
export const kClaimMargin = kTieMargin;
