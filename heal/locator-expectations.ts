import type { LocatorChain, TextMatch } from '../core/locator/chain.ts';
import { tryParseLocatorCode } from '../core/locator/code.ts';

/**
 * What a locator an assertion checks says it expects: the accessible name, text, `hasText`,
 * label, placeholder, alt and title it is written with, each as exact as written. In
 * `expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()` the name is the
 * expectation: heal may change how the element is reached (a test id, CSS, a container, a role),
 * never what the locator says. A new locator for an asserted element keeps every one of them.
 */

export type ExpectedPart = 'name' | 'description' | 'text' | 'label' | 'placeholder' | 'alt' | 'title' | 'hasText' | 'hasNotText';

export interface LocatorExpectation {
  part: ExpectedPart;
  /** The value as written: a string, or a pattern as `/source/flags`. */
  value: string;
  /** Whether it is matched whole (`exact: true`); a pattern, `hasText` and a name by default are not. */
  exact: boolean;
}

const kTextPart = { getByText: 'text', getByLabel: 'label', getByPlaceholder: 'placeholder', getByAltText: 'alt', getByTitle: 'title' } as const;

function valueOf(text: TextMatch): string {
  return typeof text === 'string' ? text : `/${text.source}/${text.flags}`;
}

function ofChain(chain: LocatorChain, out: LocatorExpectation[]): void {
  for (const step of chain) {
    switch (step.kind) {
      case 'getByRole':
        if (step.options.name !== undefined) out.push({ part: 'name', value: valueOf(step.options.name), exact: step.options.exact === true });
        if (step.options.description !== undefined) out.push({ part: 'description', value: valueOf(step.options.description), exact: step.options.exact === true });
        break;
      case 'getByText': case 'getByLabel': case 'getByPlaceholder': case 'getByAltText': case 'getByTitle':
        out.push({ part: kTextPart[step.kind], value: valueOf(step.text), exact: step.exact === true });
        break;
      case 'locator':
      case 'filter': {
        if (step.kind === 'locator' && typeof step.selector !== 'string') ofChain(step.selector, out);
        const options = step.options;
        if (!options) break;
        if (options.hasText !== undefined) out.push({ part: 'hasText', value: valueOf(options.hasText), exact: false });
        if (options.hasNotText !== undefined) out.push({ part: 'hasNotText', value: valueOf(options.hasNotText), exact: false });
        if (options.has) ofChain(options.has, out);
        if (options.hasNot) ofChain(options.hasNot, out);
        break;
      }
      case 'and': case 'or':
        ofChain(step.chain, out);
        break;
      case 'getByTestId': case 'nth': case 'first': case 'last': case 'visible': case 'contentFrame': case 'frameLocator': case 'describe':
        break;
    }
  }
}

/** The expectations locator code says (page-relative, `page.` or not); null when it is not code heal reads. */
export function locatorExpectations(code: string): LocatorExpectation[] | null {
  const parsed = tryParseLocatorCode(code);
  if (!parsed.ok) return null;
  const out: LocatorExpectation[] = [];
  ofChain(parsed.chain, out);
  return out;
}

/** How a reader sees one: `name 'Order confirmed'`, `text '3 items' (exact)`. */
export function describeExpectation(e: LocatorExpectation): string {
  return `${e.part} ${e.value.startsWith('/') ? e.value : `'${e.value}'`}${e.exact ? ' (exact)' : ''}`;
}

/**
 * The expectations of `before` that `after` does not say with the same value and the same
 * exactness (each of `after`'s used once); all of them when `after` is not code heal reads, none
 * when `before` is not. A `hasNotText` is an expectation too: it stays as it is.
 */
export function lostExpectations(before: string, after: string): LocatorExpectation[] {
  const old = locatorExpectations(before);
  if (!old) return [];
  const kept = locatorExpectations(after);
  if (!kept) return old;
  const left = [...kept];
  const lost: LocatorExpectation[] = [];
  for (const e of old) {
    const i = left.findIndex((k) => k.value === e.value && k.exact === e.exact && (k.part === 'hasNotText') === (e.part === 'hasNotText'));
    if (i < 0) lost.push(e);
    else left.splice(i, 1);
  }
  return lost;
}

/** What an element shows, as a fingerprint keeps it. */
export interface Shown {
  name: string | null;
  text: string | null;
  label: string | null;
  placeholder: string | null;
  alt: string | null;
  title: string | null;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function matches(expected: LocatorExpectation, actual: string | null): boolean {
  if (actual === null) return false;
  const regex = /^\/(.*)\/([a-z]*)$/s.exec(expected.value);
  if (regex) {
    try {
      return new RegExp(regex[1]!, regex[2]).test(actual);
    } catch {
      return false;
    }
  }
  return expected.exact ? squash(actual) === squash(expected.value) : squash(actual).toLowerCase().includes(squash(expected.value).toLowerCase());
}

/**
 * The expectations the element no longer shows: a name, label, placeholder, alt or title it does
 * not have, a text or `hasText` its text does not hold, a `hasNotText` its text holds. A
 * `description` is not kept in a fingerprint: it counts as not shown.
 */
export function unshownExpectations(expectations: readonly LocatorExpectation[], shown: Shown): LocatorExpectation[] {
  return expectations.filter((e) => {
    switch (e.part) {
      case 'name': return !matches(e, shown.name);
      case 'description': return true;
      case 'text': return !matches(e, shown.text ?? shown.name);
      case 'hasText': return !matches(e, shown.text ?? shown.name);
      case 'hasNotText': return matches(e, shown.text ?? shown.name);
      case 'label': return !matches(e, shown.label);
      case 'placeholder': return !matches(e, shown.placeholder);
      case 'alt': return !matches(e, shown.alt);
      case 'title': return !matches(e, shown.title);
    }
  });
}
