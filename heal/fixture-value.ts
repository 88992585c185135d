import type { BindingElement, Expression } from 'ts-morph';
import { Node, SyntaxKind } from '../generate/ts-morph.ts';

/**
 * What a Playwright fixture gives a test: the value its definition passes to `use`, read from the
 * `test` object the test was declared with, followed to where that object is made
 * (`base.extend<{ account: AccountPage }>({ account: async ({ page }, use) => use(new AccountPage(page)) })`),
 * through imports and re-exports of it, a chain of `extend`s and `mergeTests`. The test names the
 * fixture by destructuring its first parameter (`async ({ account }) => ...`); a fixture another
 * fixture takes (`async ({ page, account }, use) => ...`) is read the same way from its own `extend`.
 */

/** How many objects a `test` is followed through (`extend` on `extend`, imports, re-exports) before heal gives up. */
const kMaxHops = 12;

/** The `use(x)` argument of the fixture a test's destructured parameter names; null when it cannot be read. */
export function fixtureValue(binding: BindingElement): { expression: Expression; name: string } | null {
  const name = binding.getPropertyNameNode()?.getText() ?? binding.getName();
  const parameter = binding.getFirstAncestorByKind(SyntaxKind.Parameter);
  const fn = parameter?.getParent();
  if (!parameter || !fn || !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)) || fn.getParameters()[0] !== parameter) return null;
  const holder = testObjectOf(fn);
  if (!holder) return null;
  const definition = fixtureIn(holder, name, 0);
  if (!definition) return null;
  const expression = usedValue(definition);
  return expression ? { expression, name } : null;
}

/**
 * The `test` object whose fixtures a function receives: `test(title, fn)`, `test.beforeEach(fn)`,
 * `test.only(...)` give `test`; a fixture's own definition in `x.extend({ ... })` gives that call.
 */
function testObjectOf(fn: Node): Expression | null {
  const parent = fn.getParent();
  if (parent && Node.isCallExpression(parent) && parent.getArguments().includes(fn)) {
    let callee: Expression = parent.getExpression();
    while (Node.isPropertyAccessExpression(callee)) callee = callee.getExpression();
    return Node.isIdentifier(callee) ? callee : null;
  }
  // `account: async ({ page }, use) => ...`, `account: [async (...) => ..., { scope }]`, `async account(...) {}`.
  const property = Node.isMethodDeclaration(fn) ? fn : fn.getFirstAncestor((a) => Node.isPropertyAssignment(a));
  const object = property?.getParent();
  const call = object && Node.isObjectLiteralExpression(object) ? object.getParent() : undefined;
  return call && Node.isCallExpression(call) ? call : null;
}

/** The definition of fixture `name` in the `test` object `holder` is made from (a function). */
function fixtureIn(holder: Expression, name: string, hops: number): Node | null {
  if (hops > kMaxHops) return null;
  let node: Expression = holder;
  while (Node.isParenthesizedExpression(node) || Node.isAsExpression(node)) node = node.getExpression();
  if (Node.isIdentifier(node)) {
    const symbol = node.getSymbol();
    const declaration = (symbol?.getAliasedSymbol() ?? symbol)?.getDeclarations().find((d) => Node.isVariableDeclaration(d));
    const init = declaration && Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
    return init ? fixtureIn(init, name, hops + 1) : null;
  }
  if (!Node.isCallExpression(node)) return null;
  const callee = node.getExpression();
  if (Node.isIdentifier(callee) && callee.getText() === 'mergeTests') {
    for (const arg of node.getArguments()) {
      const found = Node.isExpression(arg) ? fixtureIn(arg, name, hops + 1) : null;
      if (found) return found;
    }
    return null;
  }
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'extend') return null;
  const fixtures = node.getArguments()[0];
  const own = fixtures && Node.isObjectLiteralExpression(fixtures) ? fixtures.getProperty(name) : undefined;
  if (own) return definitionOf(own);
  return fixtureIn(callee.getExpression(), name, hops + 1);
}

/** The function of a fixture's property: its value, the first of a `[fn, options]` pair, a method, or a function named elsewhere. */
function definitionOf(property: Node): Node | null {
  if (Node.isMethodDeclaration(property)) return property;
  let value: Node | undefined = Node.isPropertyAssignment(property) ? property.getInitializer() : Node.isShorthandPropertyAssignment(property) ? property.getNameNode() : undefined;
  if (value && Node.isArrayLiteralExpression(value)) value = value.getElements()[0];
  if (value && Node.isIdentifier(value)) {
    const symbol = value.getSymbol();
    const declaration = (symbol?.getAliasedSymbol() ?? symbol)?.getDeclarations()[0];
    value = declaration && Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : declaration;
  }
  return value && (Node.isArrowFunction(value) || Node.isFunctionExpression(value) || Node.isFunctionDeclaration(value)) ? value : null;
}

/** The argument of the definition's `use(...)` (its second parameter, by whatever name). */
function usedValue(definition: Node): Expression | null {
  if (!(Node.isArrowFunction(definition) || Node.isFunctionExpression(definition) || Node.isFunctionDeclaration(definition) || Node.isMethodDeclaration(definition))) return null;
  const use = definition.getParameters()[1]?.getNameNode();
  if (!use || !Node.isIdentifier(use)) return null;
  for (const call of definition.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    const arg = call.getArguments()[0];
    if (Node.isIdentifier(callee) && callee.getText() === use.getText() && arg && Node.isExpression(arg)) return arg;
  }
  return null;
}
