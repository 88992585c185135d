import type { SourceFile } from 'ts-morph';
import { Node } from '../generate/ts-morph.ts';

/**
 * Writes a new locator into one getter of a page object: only the expression the getter returns
 * changes, so everything else in the file (a person's edits included) stays as it was. The
 * member's `@generated` hash is left alone: the healed getter then reads as edited, and
 * `bu generate` keeps it.
 */

/** The getter's returned locator as code relative to its root (`getByRole(...)`), and the root (`this.page`). */
export function getterLocator(source: SourceFile, className: string, member: string): { root: string; code: string } | null {
  const ret = returned(source, className, member);
  if (!ret) return null;
  const text = ret.getText();
  const match = /^(this\.(?:page|root))\.([\s\S]+)$/.exec(text);
  return match ? { root: match[1]!, code: match[2]!.replace(/\s*\n\s*/g, '') } : null;
}

function returned(source: SourceFile, className: string, member: string) {
  const getter = source.getClass(className)?.getGetAccessor(member);
  const statement = getter?.getStatements().filter((s) => Node.isReturnStatement(s)).at(-1);
  return statement && Node.isReturnStatement(statement) ? statement.getExpression() ?? null : null;
}

/** Whether an item class keeps the text its item was found by (`readonly text` of its constructor). */
export function keepsItemText(source: SourceFile, className: string): boolean {
  const cls = source.getClass(className);
  return Boolean(cls?.getProperty('text') ?? cls?.getConstructors().some((c) => c.getParameters().some((p) => p.getName() === 'text' && p.isReadonly())));
}

/** Replaces what the getter returns with `root.code`; false when the getter is gone or returns no locator. */
export function patchGetter(source: SourceFile, className: string, member: string, code: string): boolean {
  const ret = returned(source, className, member);
  const current = getterLocator(source, className, member);
  if (!ret || !current) return false;
  // A locator nested in the code (an item found by `filter({ has: page.getByText(...) })`) starts from the getter's page too.
  const page = current.root === 'this.page' ? 'this.page' : `${current.root}.page()`;
  ret.replaceWithText(`${current.root}.${code.replace(/\b(has|hasNot): page\./g, `$1: ${page}.`)}`);
  return true;
}
