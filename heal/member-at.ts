import type { ClassDeclaration, SourceFile } from 'ts-morph';
import { Node, SyntaxKind } from '../generate/ts-morph.ts';
import type { SourceLocation } from './failure.ts';
import { userPlace } from './user-frame.ts';

/**
 * Which page-object member a failing call used: the innermost frame of its stack that is in a
 * page object of the generated folder, read with ts-morph. Stack paths are those of the machine
 * that ran the test (a CI runner), so a frame is matched by its path from `pom/` on.
 */

export type MemberAt =
  | { kind: 'member'; file: string; line: number; column: number; className: string; member: string; assertion: boolean; statement: string }
  | { kind: 'inline'; file: string; line: number; column: number; assertion: boolean; statement: string }
  | { kind: 'elsewhere'; where: string };

/** `pom/LoginPage.ts` for `/ci/work/e2e/pom/LoginPage.ts`, when the generated folder has it; else null. */
export function pomPath(file: string, has: (relative: string) => boolean): string | null {
  const parts = file.split(/[\\/]/);
  for (let i = parts.lastIndexOf('pom'); i >= 0; i = parts.lastIndexOf('pom', i - 1)) {
    const relative = parts.slice(i).join('/');
    if (has(relative)) return relative;
    if (i === 0) break;
  }
  return null;
}

function getterNames(cls: ClassDeclaration): Set<string> {
  return new Set(cls.getGetAccessors().map((g) => g.getName()));
}

/**
 * The item class whose instance `expression` is: its type, as the checker reads the file (`this.item(text)`
 * returns the class its accessor declares, and so does a variable holding it), or else the only
 * item class declaring `name`. Two item classes of a file may both have a `deleteButton`: which
 * one a statement uses is the type of what it reads it from, never the first in the file.
 */
function itemClassOf(expression: Node, name: string, items: ClassDeclaration[]): ClassDeclaration | null {
  const typed = expression.getType().getSymbol()?.getDeclarations().find((d) => Node.isClassDeclaration(d));
  const byType = items.find((c) => c === typed);
  if (byType) return getterNames(byType).has(name) ? byType : null;
  if (!Node.isCallExpression(expression)) return null;
  const owners = items.filter((c) => getterNames(c).has(name));
  return owners.length === 1 ? owners[0]! : null;
}

/**
 * The member a statement uses: `this.signInButton` on the class, or `.deleteButton` on an item of
 * a collection (`this.item(text).deleteButton`), by the getters the source declares.
 */
function memberIn(statement: Node, cls: ClassDeclaration, source: SourceFile): { className: string; member: string } | null {
  const own = getterNames(cls);
  const items = source.getClasses().filter((c) => c !== cls);
  for (const access of statement.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
    if (!Node.isPropertyAccessExpression(access)) continue;
    const name = access.getName();
    const target = access.getExpression();
    if (Node.isThisExpression(target)) {
      if (own.has(name)) return { className: cls.getName() ?? '', member: name };
      continue;
    }
    const owner = itemClassOf(target, name, items);
    if (owner) return { className: owner.getName() ?? '', member: name };
  }
  return null;
}

export function memberAt(stack: SourceLocation[], root: string, open: (relative: string) => SourceFile | null): MemberAt {
  for (const frame of stack) {
    const relative = pomPath(frame.file, (candidate) => open(candidate) !== null);
    if (!relative) continue;
    const source = open(relative)!;
    let position: number;
    try {
      position = source.compilerNode.getPositionOfLineAndCharacter(frame.line - 1, Math.max(0, frame.column - 1));
    } catch {
      return { kind: 'elsewhere', where: `${relative}:${frame.line} (no such line here: the file changed since the test ran)` };
    }
    const node = source.getDescendantAtPos(position);
    const isStatement = (n: Node) => Node.isStatement(n) && !Node.isBlock(n);
    const stmt = node && (isStatement(node) ? node : node.getFirstAncestor(isStatement));
    const cls = node?.getFirstAncestor((a) => Node.isClassDeclaration(a));
    if (!stmt || !cls || !Node.isClassDeclaration(cls)) return { kind: 'elsewhere', where: `${relative}:${frame.line}` };
    const text = stmt.getText();
    const assertion = /\bexpect\s*\(/.test(text);
    const found = memberIn(stmt, cls, source);
    if (found) return { kind: 'member', file: relative, line: frame.line, column: frame.column, ...found, assertion, statement: text };
    return { kind: 'inline', file: relative, line: frame.line, column: frame.column, assertion, statement: text };
  }
  // Named in the user's code: the innermost frame that is not a package's (a generated spec's `replay()` runs in brow-use's own).
  return { kind: 'elsewhere', where: userPlace(stack, root) ?? 'an unknown place in the test code' };
}
