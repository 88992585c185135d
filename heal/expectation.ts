import type { Page } from 'playwright';
import type { CallExpression, SourceFile } from 'ts-morph';
import type { Fingerprint } from '../core/schema/history.ts';
import { Node, SyntaxKind } from '../generate/ts-morph.ts';
import { locate } from '../locate/locate.ts';
import { kMinNamesKept, readLivePage } from '../locate/page-identity.ts';

/**
 * An assertion whose expectation no longer holds, read for a reviewer: the value the code expects,
 * the value the page showed when the assertion failed, the evidence that it was still the page the
 * test was written for, and the assertion as it would be written to expect the new value. Heal
 * never writes it on its own (`--write` and `--rerun` leave it as it is): a person who read it asks
 * for it with `--accept-expectations`.
 */

export interface ExpectationChange {
  test: string;
  trace: string;
  /** Where the assertion is written: a file of the project (or of the generated folder) and its line. */
  file: string;
  line: number;
  /** The assertion's statement as written. */
  statement: string;
  /** `toHaveText`, `toBeVisible`, ... */
  matcher: string;
  /** The value the code expects, as written (`'Orders'`). */
  before: string;
  /** What the page showed instead when the assertion failed; null when the trace does not say. */
  now: string | null;
  /** The expected value's code as it would be written to expect `now`; null when heal would not write it (`why` says). */
  after: string | null;
  why: string | null;
  /** The other elements a passing run found on the page that the page still shows, and those it does not. */
  refound: string[];
  missing: string[];
  /** Written into the file (with `--accept-expectations`). */
  accepted: boolean;
}

/** The argument that holds a value matcher's expectation. */
const kValueArgument: Record<string, number> = {
  toHaveText: 0, toContainText: 0, toHaveValue: 0, toHaveAttribute: 1, toHaveTitle: 0, toHaveURL: 0,
  toHaveAccessibleName: 0, toHaveAccessibleDescription: 0, toHaveCount: 0, toHaveId: 0,
};
/** Matchers whose expectation is a part of what the page shows: which part to expect now is a person's choice. */
const kPartOf = new Set(['toContainText']);
/** Matchers whose expectation is the element's presence: what they expect is written in the locator. */
const kPresence = new Set(['toBeVisible', 'toBeAttached', 'toBeInViewport']);

/** What Playwright reported it received, from its error message (colours stripped); null when it reported none as one value. */
export function receivedValue(message: string): string | null {
  const line = /^Received(?: string)?:\s*(.+)$/m.exec(message)?.[1]?.trim();
  if (line && !line.startsWith('<')) {
    if (/^-?\d+(\.\d+)?$/.test(line)) return line;
    if (line.startsWith('"') && line.endsWith('"')) {
      try {
        return JSON.parse(line) as string;
      } catch {
        return line.slice(1, -1);
      }
    }
  }
  // Older messages, and multi-line diffs: the call log names the last value it saw.
  const seen = [...message.matchAll(/unexpected value "(.*)"$/gm)].at(-1)?.[1];
  return seen ?? null;
}

/** `text` as a literal in the quotes `like` is written with. */
function literalLike(like: Node, text: string): string {
  const quote = like.getText()[0] === '"' ? '"' : like.getText()[0] === '`' ? '`' : "'";
  const escaped = text.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').split(quote).join(`\\${quote}`);
  return `${quote}${quote === '`' ? escaped.replace(/\$\{/g, '\\${') : escaped}${quote}`;
}

const isLiteral = (node: Node | undefined): node is Node =>
  !!node && (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) || Node.isNumericLiteral(node));

/** The literal value of a string or number literal node. */
function literalValue(node: Node): string {
  return Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) ? node.getLiteralText() : node.getText();
}

export interface ExpectationRead {
  statement: string;
  matcher: string;
  before: string;
  now: string | null;
  after: string | null;
  why: string | null;
  /** Writes `after` into the source (when there is one). */
  apply: () => void;
}

/**
 * The assertion whose matcher is written at `line`:`column` of `source` (where a stack frame of an
 * `expect` call points), read against what the page showed: Playwright's received value for a
 * value matcher, the page's main heading (`heading`) for a heading that is no longer there.
 * Null when no assertion is written there.
 */
/** The matcher call (`expect(...).toHaveText(...)`) whose name is at `line`:`column`, and whether it is negated; null when none is. */
export function matcherAt(source: SourceFile, line: number, column: number): { call: CallExpression; matcher: string; negated: boolean } | null {
  let position: number;
  try {
    position = source.compilerNode.getPositionOfLineAndCharacter(line - 1, Math.max(0, column - 1));
  } catch {
    return null;
  }
  const node = source.getDescendantAtPos(position);
  const call = node?.getFirstAncestor((a) => Node.isCallExpression(a) && Node.isPropertyAccessExpression(a.getExpression()) && /^to[A-Z]/.test(a.getExpression().asKindOrThrow(SyntaxKind.PropertyAccessExpression).getName()));
  if (!call || !Node.isCallExpression(call)) return null;
  const access = call.getExpression().asKindOrThrow(SyntaxKind.PropertyAccessExpression);
  return { call, matcher: access.getName(), negated: /\.not\s*$/.test(access.getExpression().getText()) };
}

/** Whether the assertion written at the frame expects its element to be there (`toBeVisible`, `toBeAttached`, `toBeInViewport`), not negated. */
export function presenceAt(source: SourceFile, line: number, column: number): boolean {
  const at = matcherAt(source, line, column);
  return at !== null && !at.negated && kPresence.has(at.matcher);
}

/** How an accepted expectation is written by default: into the source as it is read. */
const replaceNow = (node: Node, text: string): void => void node.replaceWithText(text);

export function readExpectation(source: SourceFile, line: number, column: number, error: string, heading: string | null, write: (node: Node, text: string) => void = replaceNow): ExpectationRead | null {
  const at = matcherAt(source, line, column);
  if (!at) return null;
  const { call, matcher, negated } = at;
  const statementNode = call.getFirstAncestor((a) => Node.isStatement(a) && !Node.isBlock(a)) ?? call;
  const statement = statementNode.getText();
  const none = { apply: () => undefined };
  if (negated) return { statement, matcher, before: `not ${matcher}`, now: null, after: null, why: 'a negated expectation: what it should now expect is for a person to say', ...none };
  const index = kValueArgument[matcher];
  if (index !== undefined) {
    const arg = call.getArguments()[index];
    const now = receivedValue(error);
    if (!arg) return { statement, matcher, before: '(none)', now, after: null, why: 'no expected value written', ...none };
    const before = arg.getText();
    if (!isLiteral(arg)) {
      const why = Node.isRegularExpressionLiteral(arg) ? 'a pattern: which pattern to expect is for a person to write'
        : Node.isArrayLiteralExpression(arg) ? 'a list of values: review each by hand' : `a value the code computes (\`${before}\`)`;
      return { statement, matcher, before, now, after: null, why, ...none };
    }
    if (now === null) return { statement, matcher, before, now, after: null, why: 'the trace does not say what the page showed', ...none };
    if (kPartOf.has(matcher)) return { statement, matcher, before, now, after: null, why: `${matcher} expects a part of the text: which part to expect now is for a person to choose`, ...none };
    if (Node.isNumericLiteral(arg) && !/^-?\d+(\.\d+)?$/.test(now)) return { statement, matcher, before, now, after: null, why: 'the page showed no number', ...none };
    if (literalValue(arg) === now) return { statement, matcher, before, now, after: null, why: 'the page showed the expected value: the assertion failed for another reason', ...none };
    const after = Node.isNumericLiteral(arg) ? now : literalLike(arg, now);
    return { statement, matcher, before, now, after, why: null, apply: () => write(arg, after) };
  }
  if (kPresence.has(matcher)) {
    // `expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible()`: the expectation is the heading's name.
    const subject = call.getDescendantsOfKind(SyntaxKind.CallExpression).find((c) => Node.isIdentifier(c.getExpression()) && c.getExpression().getText() === 'expect')?.getArguments()[0];
    const byRole = subject?.getDescendantsOfKind(SyntaxKind.CallExpression).concat(Node.isCallExpression(subject) ? [subject] : [])
      .find((c) => Node.isPropertyAccessExpression(c.getExpression()) && c.getExpression().asKindOrThrow(SyntaxKind.PropertyAccessExpression).getName() === 'getByRole');
    const [role, options] = byRole?.getArguments() ?? [];
    const name = options && Node.isObjectLiteralExpression(options) ? options.getProperty('name') : undefined;
    const value = name && Node.isPropertyAssignment(name) ? name.getInitializer() : undefined;
    if (!role || !isLiteral(role) || !isLiteral(value)) return null;
    const before = value.getText();
    if (literalValue(role) !== 'heading') return { statement, matcher, before, now: null, after: null, why: 'the element it expects by this name is not on the page, and which one took its place is not known', ...none };
    if (heading === null) return { statement, matcher, before, now: null, after: null, why: 'the page shows no main heading', ...none };
    const after = literalLike(value, heading);
    return { statement, matcher, before, now: heading, after, why: null, apply: () => write(value, after) };
  }
  return { statement, matcher, before: matcher, now: null, after: null, why: `${matcher} has no value heal reads`, ...none };
}

/** A recorded element named for a reader. */
function nameOf(fp: Fingerprint): string {
  return fp.name ? `${fp.role ?? fp.tag} "${fp.name}"` : fp.role ?? fp.tag;
}

/**
 * Which of the other elements a passing run found on the page the page still shows, each re-found
 * by the cascade with the rest as its evidence: that the assertion's page is the page it was
 * written for, reworded or not, rather than another one at the same address.
 */
export async function samePageEvidence(page: Page, members: readonly Fingerprint[], heading: string | null, pageUrl: string): Promise<{ refound: string[]; missing: string[] }> {
  const refound: string[] = [];
  const missing: string[] = [];
  for (const [i, fingerprint] of members.entries()) {
    const others = members.filter((_, j) => j !== i);
    // A DOM snapshot never changes: one look, as relocate.ts takes, not a wait for a late element.
    const found = await locate(page, { fingerprint, recorded: null, members: others, title: null, heading, pageUrl }, { timeoutMs: 0 }).catch(() => null);
    (found?.kind === 'found' ? refound : missing).push(nameOf(fingerprint));
  }
  return { refound, missing };
}

/** Why an expectation is not written on a page that lost what a passing run found there. */
const kAnotherPage = 'most of what a passing run found on this page is gone: another page at the same address?';

export interface ReviewInput {
  /** Shows the DOM snapshot the assertion failed on. */
  page: Page;
  /** The address the snapshot was taken at. */
  pageUrl: string;
  /** The file the assertion is written in, and where its matcher is (its stack frame). */
  source: SourceFile;
  at: { file: string; line: number; column: number };
  test: string;
  trace: string;
  /** The test's error message for the assertion (colours stripped). */
  error: string;
  /** The other elements recorded on the page, and its main heading then. */
  members: readonly Fingerprint[];
  heading: string | null;
  /** The asserted element, when its locator still finds it alone: the first evidence of the page. */
  element: Fingerprint | null;
  /** Write it when the page is the same (`--accept-expectations`). */
  accept: boolean;
  /** The expectation as read elsewhere (an asserted locator's own value: heal/unsaid-expectation.ts); else read at `at`. */
  read?: ExpectationRead;
  /** How it is written when accepted; by default into `source` at once. */
  write?: (node: Node, text: string) => void;
}

/**
 * A failing assertion read for review, with the evidence of its page, and written when accepted
 * and most of what a passing run found on the page is still there; null when no assertion heal can
 * read is written at the frame.
 */
export async function reviewExpectation(input: ReviewInput): Promise<ExpectationChange | null> {
  const live = await readLivePage(input.page);
  const read = input.read ?? readExpectation(input.source, input.at.line, input.at.column, input.error, live?.heading ?? null, input.write);
  if (!read) return null;
  const evidence = await samePageEvidence(input.page, input.members, input.heading, input.pageUrl);
  if (input.element) evidence.refound.unshift(`the asserted element (${nameOf(input.element)})`);
  const change: ExpectationChange = {
    test: input.test, trace: input.trace, file: input.at.file, line: input.at.line, statement: read.statement, matcher: read.matcher,
    before: read.before, now: read.now, after: read.after, why: read.why, ...evidence, accepted: false,
  };
  // The same page: most of what a passing run found there is re-found (as page-identity.ts judges a page by the names it kept).
  if (change.after !== null && (evidence.refound.length === 0 || evidence.refound.length < kMinNamesKept * (evidence.refound.length + evidence.missing.length))) {
    change.after = null;
    change.why = kAnotherPage;
  }
  if (input.accept && change.after !== null) {
    read.apply();
    change.accepted = true;
  }
  return change;
}
