import type { Node as TsNode } from 'ts-morph';
import type { WrittenConstant } from './written-locator.ts';
import { quote } from '../core/locator/code.ts';
import { Node, SyntaxKind, VariableDeclarationKind } from '../generate/ts-morph.ts';

/**
 * The value of a name a locator is written with (`getByRole('button', { name: Labels.save })`):
 * a `const` set to a literal, a property of an object literal kept in a `const` (`as const` or
 * not), an enum member, or what the checker knows a name's literal type to be. A locator written
 * with one is written out like one written with its literal; where the value itself is written is
 * kept to name it, since that is where a changed name would be patched.
 */

export interface ConstantValue {
  value: string | number;
  /** `file:line` where the literal is written. */
  where: string;
}

/** How many names a value is followed through (`const a = b`, `const b = Labels.save`) before heal gives up. */
const kMaxHops = 8;

function whereOf(node: TsNode): string {
  return `${node.getSourceFile().getFilePath()}:${node.getStartLineNumber()}`;
}

/** The value `node` stands for, when it is a literal or a name set once to one; null otherwise. */
export function constantValue(node: TsNode, hops = 0): ConstantValue | null {
  if (hops > kMaxHops) return null;
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return { value: node.getLiteralValue(), where: whereOf(node) };
  if (Node.isNumericLiteral(node)) return { value: node.getLiteralValue(), where: whereOf(node) };
  if (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node)) return constantValue(node.getExpression(), hops + 1);
  if (!(Node.isIdentifier(node) || Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node))) return null;
  const nameNode = Node.isPropertyAccessExpression(node) ? node.getNameNode() : Node.isElementAccessExpression(node) ? node.getArgumentExpression() : node;
  const symbol = nameNode?.getSymbol();
  for (const declaration of (symbol?.getAliasedSymbol() ?? symbol)?.getDeclarations() ?? []) {
    if (Node.isVariableDeclaration(declaration)) {
      const list = declaration.getParentIfKind(SyntaxKind.VariableDeclarationList);
      const init = declaration.getInitializer();
      if (init && list?.getDeclarationKind() === VariableDeclarationKind.Const) return constantValue(init, hops + 1);
    }
    if (Node.isPropertyAssignment(declaration)) {
      const init = declaration.getInitializer();
      if (init) return constantValue(init, hops + 1);
    }
    if (Node.isEnumMember(declaration)) {
      const value = declaration.getValue();
      if (value !== undefined) return { value, where: whereOf(declaration) };
    }
  }
  const type = node.getType();
  if (type.isStringLiteral() || type.isNumberLiteral()) {
    const value = type.getLiteralValue();
    if (typeof value === 'string' || typeof value === 'number') return { value, where: whereOf(symbol?.getDeclarations()[0] ?? node) };
  }
  return null;
}

/**
 * New locator code with each constant the old code was written with written by its name again
 * where its value still stands (`{ name: 'Save' }` back to `{ name: Labels.save }`); `lost` names
 * the first whose value the new code no longer holds: the value changed where it is written.
 */
export function withNames(code: string, constants: readonly WrittenConstant[]): { code: string } | { lost: WrittenConstant } {
  let out = code;
  for (const constant of constants) {
    const literal = typeof constant.value === 'string' ? quote(constant.value) : null;
    const pattern = literal ?? `(${constant.value})`;
    const at = out.indexOf(pattern);
    if (at < 0) return { lost: constant };
    const name = literal ? constant.text : `(${constant.text})`;
    out = out.slice(0, at) + name + out.slice(at + pattern.length);
  }
  return { code: out };
}
