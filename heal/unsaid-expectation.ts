import type { Expression, Node as MorphNode } from 'ts-morph';
import type { Fingerprint } from '../core/schema/history.ts';
import { Node } from '../generate/ts-morph.ts';
import type { ExpectationRead } from './expectation.ts';
import { describeExpectation, type ExpectedPart, type LocatorExpectation } from './locator-expectations.ts';

/**
 * An asserted locator whose expectation the re-found element no longer shows
 * (`getByRole('heading', { name: 'Order confirmed' })` on a heading that reads "Payment failed"),
 * read for review as heal/expectation.ts reads a matcher's value: the value the locator says, the
 * value the element shows now, and the locator as it would be written to expect it (the literal
 * replaced, its quotes and its `exact` as written). Written only when a person accepts it.
 */

/** The part of the re-found element each expected part is read from; null where a fingerprint keeps none. */
const kShownAs: Record<ExpectedPart, (fp: Fingerprint) => string | null> = {
  name: (fp) => fp.name || null,
  description: () => null,
  text: (fp) => fp.text ?? (fp.name || null),
  label: (fp) => fp.label,
  placeholder: (fp) => fp.placeholder,
  alt: (fp) => fp.alt,
  title: (fp) => fp.title,
  hasText: () => null,
  hasNotText: () => null,
};

/** `text` as a literal in the quotes `like` is written with. */
function literalLike(like: MorphNode, text: string): string {
  const quote = like.getText()[0] === '"' ? '"' : like.getText()[0] === '`' ? '`' : "'";
  const escaped = text.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').split(quote).join(`\\${quote}`);
  return `${quote}${quote === '`' ? escaped.replace(/\$\{/g, '\\${') : escaped}${quote}`;
}

export interface UnsaidInput {
  statement: string;
  matcher: string;
  /** The expression that builds the asserted locator, as the code writes it. */
  node: Expression;
  /** What the locator says that no locator of the re-found element says (heal/locator-expectations.ts). */
  lost: LocatorExpectation[];
  /** The re-found element as the failure's snapshot shows it. */
  live: Fingerprint;
  /** How the literal is replaced when accepted (heal-suite collects its edits and applies them together). */
  write: (node: MorphNode, text: string) => void;
}

export function unsaidExpectation({ statement, matcher, node, lost, live, write }: UnsaidInput): ExpectationRead {
  const none = { apply: () => undefined };
  const before = lost.map(describeExpectation).join(', ');
  if (lost.length !== 1) return { statement, matcher, before, now: null, after: null, why: `the locator says ${lost.length} values the element no longer shows: review each by hand`, ...none };
  const [expected] = lost as [LocatorExpectation];
  if (expected.part === 'hasText' || expected.part === 'hasNotText') return { statement, matcher, before, now: null, after: null, why: `${expected.part} expects a part of the text: which part to expect now is for a person to choose`, ...none };
  const now = kShownAs[expected.part](live);
  if (now === null) return { statement, matcher, before, now, after: null, why: `the element's ${expected.part} now is not known`, ...none };
  if (expected.value.startsWith('/')) return { statement, matcher, before, now, after: null, why: 'a pattern: which pattern to expect is for a person to write', ...none };
  const literals = [node, ...node.getDescendants()].filter((n) => (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) && n.getLiteralText() === expected.value);
  if (literals.length !== 1) return { statement, matcher, before, now, after: null, why: literals.length ? `'${expected.value}' is written ${literals.length} times in the locator: which one to change is for a person to say` : 'the value is not written as a literal in the locator', ...none };
  const literal = literals[0]!;
  const after = literalLike(literal, now);
  return { statement, matcher, before: literal.getText(), now, after, why: null, apply: () => write(literal, after) };
}
