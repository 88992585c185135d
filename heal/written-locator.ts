import type { Expression, SourceFile } from 'ts-morph';
import { quote } from '../core/locator/code.ts';
import { Node, SyntaxKind } from '../generate/ts-morph.ts';
import { constantValue } from './constant-value.ts';
import { fixtureValue } from './fixture-value.ts';
import { bindingsOf, kNoBindings, passedValue, type Bindings, type WrittenArgument } from './passed-values.ts';

/**
 * Where a test's failing call wrote its locator, in code a person wrote: read with ts-morph from
 * the place the call was made (its stack's innermost frame in the suite). The locator is followed
 * from the call to the expression that builds it: inline at the call, a `const` or `let` of the
 * function, a page-object field (set in the constructor, a property initializer, or a getter's
 * return), whichever object the test reached it through (a fixture's page object included, when
 * the checker can type it), a helper or method it returns (with the values the call passes its
 * parameters, heal/passed-values.ts). A locator built from a value heal cannot read (a variable, a
 * parameter of code it was not followed into) is not written in one place: it is reported with the
 * places that call it, never patched.
 */

/** Locator methods a chain is made of; anything else ends the chain (its receiver is the chain's root). */
const kLocatorMethods = new Set([
  'locator', 'getByRole', 'getByText', 'getByLabel', 'getByPlaceholder', 'getByAltText', 'getByTitle', 'getByTestId',
  'filter', 'first', 'last', 'nth', 'and', 'or', 'frameLocator', 'contentFrame',
]);

/** `helper`: a function or method with parameters that returns the locator; its calls are its uses. */
export type LocatorPlace = 'inline' | 'variable' | 'field' | 'getter' | 'method' | 'helper' | 'fixture';

/** A name the locator is written with (`Labels.save`), and the value it stands for in `code`. */
export interface WrittenConstant {
  /** The name as the chain writes it. */
  text: string;
  value: string | number;
  /** `file:line` where its value is written. */
  where: string;
}

export interface WrittenLocator {
  kind: 'written';
  /** The expression that builds the locator: replacing it patches the locator. */
  node: Expression;
  place: LocatorPlace;
  /** The variable, field or getter it is written to; null inline. */
  name: string | null;
  /** What the chain starts from, as written (`page`, `this.page`, `this.form`). */
  root: string;
  /**
   * The root's own locator code relative to the page, when the root is a locator (`this.form` set to
   * `page.locator('form')`); null when the root is the page. The chain is then found inside it.
   */
  scope: string | null;
  /** Where the root's own locator is written, when the root is a locator: its first part is patched when the container broke. */
  container: WrittenLocator | null;
  /** The chain after its root, as code relative to it (`getByRole('button', { name: 'Save' })`), a constant's name as its value. */
  code: string;
  /** The constants the chain is written with, whose values `code` holds in their place. */
  constants: WrittenConstant[];
  /** `code` with the helper's parameters as it writes them (`filter({ hasText: plan })`); `code` itself when it has none. */
  template: string;
  /** The values the call passed for the parameters `template` writes, which `code` holds in their place. */
  passed: WrittenArgument[];
  /** `file:line` of the expression. */
  where: string;
}

export type LocatorSource =
  | WrittenLocator
  /** Built from values passed in: where the code that builds it is called from. */
  | { kind: 'passed-in'; reason: string; where: string; callSites: string[]; key?: string }
  | { kind: 'unknown'; reason: string };

function whereOf(node: Node): string {
  return `${node.getSourceFile().getFilePath()}:${node.getStartLineNumber()}`;
}

/** The node the stack's line and column (1-based, as Playwright's stacks give them) point at. */
function nodeAt(source: SourceFile, line: number, column: number): Node | null {
  const lines = source.getFullText().split('\n');
  if (line < 1 || line > lines.length) return null;
  let pos = 0;
  for (let i = 0; i < line - 1; i++) pos += lines[i]!.length + 1;
  return source.getDescendantAtPos(pos + Math.max(0, column - 1)) ?? null;
}

/**
 * The locator expression of the call at the node: `L.click()` gives `L`; `expect(L).toHaveText()`
 * (and `.not`, `expect.soft`, `expect.poll` aside) gives `L`; null when the node is in no such call.
 */
export function calledLocator(at: Node): { locator: Expression; assertion: boolean } | null {
  for (let node: Node | undefined = at; node; node = node.getParent()) {
    if (!Node.isCallExpression(node)) continue;
    const callee = node.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    let receiver: Expression = callee.getExpression();
    if (Node.isPropertyAccessExpression(receiver) && receiver.getName() === 'not') receiver = receiver.getExpression();
    if (Node.isCallExpression(receiver)) {
      const fn = receiver.getExpression();
      const isExpect = (Node.isIdentifier(fn) && fn.getText() === 'expect') || (Node.isPropertyAccessExpression(fn) && fn.getExpression().getText() === 'expect' && fn.getName() === 'soft');
      if (isExpect) {
        const arg = receiver.getArguments()[0];
        return arg && Node.isExpression(arg) ? { locator: arg, assertion: true } : null;
      }
    }
    return { locator: receiver, assertion: false };
  }
  return null;
}

/** `a.b().c()` -> its root `a` and the calls after it, when every call is a locator method. */
function splitChain(expression: Expression): { root: Expression; calls: Node[] } {
  const calls: Node[] = [];
  let node: Expression = expression;
  while (Node.isCallExpression(node)) {
    const callee = node.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || !kLocatorMethods.has(callee.getName())) break;
    calls.unshift(node);
    node = callee.getExpression();
  }
  return { root: node, calls };
}

/** What reading a chain's arguments met: the constants, and the parameters the call reached them with passes. */
interface Reading {
  page: string;
  bindings: Bindings;
  constants: Node[];
  passed: { node: Node; value: WrittenArgument }[];
  /** A parameter whose value at the call heal cannot read: the argument and where it is passed. */
  unread: { name: string; argument: string; at: string } | null;
}

function reading(page: string, bindings: Bindings): Reading {
  return { page, bindings, constants: [], passed: [], unread: null };
}

/** A name the call reached the chain with passes a readable value for; recorded in `read`. */
function passedIn(node: Node, read: Reading): boolean {
  const value = passedValue(node, read.bindings);
  if (value && 'value' in value) {
    read.passed.push({ node, value });
    return true;
  }
  if (value) read.unread ??= { name: node.getText(), argument: value.unread, at: value.at };
  return false;
}

/**
 * Whether every argument of the chain is written out (strings, numbers, regexes, objects of them,
 * locators from the page, constants set to them, parameters the call passes them for); what is
 * met is added to `read`.
 */
function writtenOut(node: Node, read: Reading): boolean {
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) || Node.isNumericLiteral(node) || Node.isRegularExpressionLiteral(node)) return true;
  if (node.getKind() === SyntaxKind.TrueKeyword || node.getKind() === SyntaxKind.FalseKeyword) return true;
  if (Node.isObjectLiteralExpression(node)) {
    return node.getProperties().every((p) => (Node.isPropertyAssignment(p) && p.getInitializer() !== undefined && writtenOut(p.getInitializer()!, read))
      || (Node.isShorthandPropertyAssignment(p) && passedIn(p.getNameNode(), read)));
  }
  if (Node.isCallExpression(node)) {
    const { root, calls } = splitChain(node);
    return calls.length > 0 && root.getText() === read.page && calls.every((call) => Node.isCallExpression(call) && call.getArguments().every((arg) => writtenOut(arg, read)));
  }
  if (Node.isIdentifier(node) && passedValue(node, read.bindings)) return passedIn(node, read);
  if ((Node.isIdentifier(node) || Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node)) && constantValue(node)) {
    read.constants.push(node);
    return true;
  }
  return false;
}

/**
 * The chain's text with each constant in it written as its value (and each parameter as the value
 * passed for it, unless `asWritten`), and the constants.
 */
function withValues(node: Node, read: Reading, asWritten = false): { text: string; constants: WrittenConstant[] } {
  const start = node.getStart();
  let text = node.getText();
  const values = [
    ...read.constants.map((at) => ({ at, value: constantValue(at)!.value, shorthand: false })),
    ...(asWritten ? [] : read.passed.map(({ node: at, value }) => ({ at, value: value.value, shorthand: Node.isShorthandPropertyAssignment(at.getParent()) }))),
  ];
  for (const { at, value, shorthand } of values.sort((a, b) => b.at.getStart() - a.at.getStart())) {
    const from = at.getStart() - start;
    const literal = typeof value === 'string' ? quote(value) : String(value);
    text = text.slice(0, from) + (shorthand ? `${at.getText()}: ${literal}` : literal) + text.slice(at.getEnd() - start);
  }
  const constants = [...read.constants].sort((a, b) => a.getStart() - b.getStart()).map((at): WrittenConstant => ({ text: at.getText(), ...constantValue(at)! }));
  return { text, constants };
}

/** The part of an argument that is not written out: `plan` of `{ hasText: plan }`. */
function looseValue(node: Node, read: Reading): Node {
  if (Node.isObjectLiteralExpression(node)) {
    for (const property of node.getProperties()) {
      const value = Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
      if (!value) return property;
      if (!writtenOut(value, reading(read.page, read.bindings))) return looseValue(value, read);
    }
  }
  return node;
}

/** Whether `root` is the page (or a frame) rather than a locator: by the checker's type, else by its name. */
function isPageRoot(root: Expression): boolean {
  const type = root.getType().getText(root);
  if (/\bLocator\b/.test(type)) return false;
  if (/\b(Page|Frame)\b/.test(type)) return true;
  const text = root.getText();
  return /(^|\.)page$/i.test(text);
}

/** The declaration of a `this.x` / `obj.x` / `x` that holds a locator, and the expression it is set to. */
function assignedExpression(node: Expression): { expression: Expression; place: LocatorPlace; name: string } | { passedIn: string; where: string; fn: Node | null } | null {
  const symbol = Node.isPropertyAccessExpression(node) ? node.getNameNode().getSymbol() : node.getSymbol();
  const declarations = (symbol?.getAliasedSymbol() ?? symbol)?.getDeclarations() ?? [];
  for (const declaration of declarations) {
    // `async ({ saveButton }) => ...`: a fixture's value, as its definition passes it to `use`.
    if (Node.isBindingElement(declaration)) {
      const fixture = fixtureValue(declaration);
      if (fixture) return { expression: fixture.expression, place: 'fixture', name: fixture.name };
    }
    if (Node.isVariableDeclaration(declaration)) {
      const init = declaration.getInitializer();
      if (init) return { expression: init, place: 'variable', name: declaration.getName() };
    }
    if (Node.isParameterDeclaration(declaration)) {
      return { passedIn: `\`${node.getText()}\` is a parameter of the function`, where: whereOf(declaration), fn: declaration.getParent() ?? null };
    }
    if (Node.isPropertyDeclaration(declaration)) {
      const init = declaration.getInitializer();
      if (init) return { expression: init, place: 'field', name: declaration.getName() };
      const cls = declaration.getParentIfKind(SyntaxKind.ClassDeclaration);
      const name = declaration.getName();
      for (const ctor of cls?.getConstructors() ?? []) {
        for (const assignment of ctor.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
          const left = assignment.getLeft();
          if (assignment.getOperatorToken().getKind() === SyntaxKind.EqualsToken && Node.isPropertyAccessExpression(left) && Node.isThisExpression(left.getExpression()) && left.getName() === name) {
            return { expression: assignment.getRight(), place: 'field', name };
          }
        }
      }
    }
    // `this.x = ...` in a JavaScript constructor declares `x`.
    if (Node.isPropertyAccessExpression(declaration)) {
      const assignment = declaration.getParentIfKind(SyntaxKind.BinaryExpression);
      if (assignment && assignment.getLeft() === declaration && assignment.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
        return { expression: assignment.getRight(), place: 'field', name: declaration.getName() };
      }
    }
    if (Node.isGetAccessorDeclaration(declaration)) {
      const ret = declaration.getStatements().filter((s) => Node.isReturnStatement(s)).at(-1);
      const expression = ret && Node.isReturnStatement(ret) ? ret.getExpression() : undefined;
      if (expression) return { expression, place: 'getter', name: declaration.getName() };
    }
  }
  // A JavaScript class without field declarations: `this.x = ...` in the constructor of the class
  // the object is an instance of (by its type), or of the class the code is in.
  if (Node.isPropertyAccessExpression(node)) {
    const object = node.getExpression();
    const typed = object.getType().getSymbol()?.getDeclarations().find((d) => Node.isClassDeclaration(d)) ?? constructedClass(object);
    const cls = typed && Node.isClassDeclaration(typed) ? typed : Node.isThisExpression(object) ? node.getFirstAncestorByKind(SyntaxKind.ClassDeclaration) : undefined;
    const getter = cls?.getGetAccessor(node.getName());
    const ret = getter?.getStatements().filter((s) => Node.isReturnStatement(s)).at(-1);
    const returned = ret && Node.isReturnStatement(ret) ? ret.getExpression() : undefined;
    if (returned) return { expression: returned, place: 'getter', name: node.getName() };
    const init = cls?.getProperty(node.getName())?.getInitializer();
    if (init) return { expression: init, place: 'field', name: node.getName() };
    for (const ctor of cls?.getConstructors() ?? []) {
      for (const assignment of ctor.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
        const left = assignment.getLeft();
        if (Node.isPropertyAccessExpression(left) && Node.isThisExpression(left.getExpression()) && left.getName() === node.getName()) {
          return { expression: assignment.getRight(), place: 'field', name: node.getName() };
        }
      }
    }
  }
  return null;
}

/**
 * The class of the object a name holds, when the checker cannot type it: the `new X(...)` a variable
 * or a fixture (`use(new AccountPage(page))`) is set to.
 */
function constructedClass(object: Expression, hops = 0): Node | undefined {
  if (hops > 8) return undefined;
  let node: Expression = object;
  while (Node.isParenthesizedExpression(node) || Node.isAwaitExpression(node) || Node.isAsExpression(node)) node = node.getExpression();
  if (Node.isNewExpression(node)) {
    const symbol = node.getExpression().getSymbol();
    return (symbol?.getAliasedSymbol() ?? symbol)?.getDeclarations().find((d) => Node.isClassDeclaration(d));
  }
  if (!Node.isIdentifier(node)) return undefined;
  const symbol = node.getSymbol();
  for (const declaration of (symbol?.getAliasedSymbol() ?? symbol)?.getDeclarations() ?? []) {
    const value = Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : Node.isBindingElement(declaration) ? fixtureValue(declaration)?.expression : undefined;
    if (value) return constructedClass(value, hops + 1);
  }
  return undefined;
}

/** The expression a function returns last (an arrow's body when it is one). */
function returnedBy(fn: Node): Expression | null {
  if (Node.isArrowFunction(fn)) {
    const body = fn.getBody();
    if (Node.isExpression(body)) return body;
  }
  if (!(Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) return null;
  const ret = fn.getDescendantsOfKind(SyntaxKind.ReturnStatement).filter((r) => r.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) === fn).at(-1);
  return ret?.getExpression() ?? null;
}

/** Places that call the function `fn` (a helper or a page object's method), as `file:line`. */
function callSitesOf(fn: Node | null): string[] {
  if (!fn || !(Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isConstructorDeclaration(fn))) return [];
  const named = Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) ? fn.getParentIfKind(SyntaxKind.VariableDeclaration) : fn;
  if (!named || !Node.isReferenceFindable(named)) return [];
  return named.findReferencesAsNodes().filter((ref) => {
    // `helper(...)`, `new Page(...)`, and a method's `story.item(...)` (its name inside a property access).
    const parent = ref.getParent();
    const callee = parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref ? parent : ref;
    const call = callee.getParent();
    return !!call && (Node.isCallExpression(call) || Node.isNewExpression(call)) && call.getExpression() === callee;
  }).map(whereOf);
}

/** Where a locator expression is read: its place and name so far, how deep, and what the helper it is in was passed. */
interface Reach {
  place: LocatorPlace;
  name: string | null;
  /** Bounds chains of variables. */
  depth: number;
  bindings: Bindings;
}

/** Follows the locator expression to where it is written. */
function follow(expression: Expression, { place, name, depth, bindings }: Reach): LocatorSource {
  if (depth > 8) return { kind: 'unknown', reason: 'the locator is passed through more than 8 variables' };
  let node: Expression = expression;
  while (Node.isParenthesizedExpression(node) || Node.isAwaitExpression(node) || Node.isAsExpression(node) || Node.isNonNullExpression(node)) node = node.getExpression();
  const { root, calls } = splitChain(node);
  if (!calls.length) {
    // A name for a locator written elsewhere.
    if (Node.isIdentifier(root) || Node.isPropertyAccessExpression(root)) {
      const assigned = assignedExpression(root);
      if (!assigned) return { kind: 'unknown', reason: `where \`${root.getText()}\` is set could not be read` };
      if ('passedIn' in assigned) return { kind: 'passed-in', reason: `the locator is ${assigned.passedIn}`, where: assigned.where, callSites: callSitesOf(assigned.fn) };
      return follow(assigned.expression, { place: assigned.place, name: assigned.name, depth: depth + 1, bindings });
    }
    if (Node.isCallExpression(root)) {
      // A helper or a page object's method that returns the locator: followed into its body.
      const callee = root.getExpression();
      const symbol = Node.isPropertyAccessExpression(callee) ? callee.getNameNode().getSymbol() : callee.getSymbol();
      const fn = (symbol?.getAliasedSymbol() ?? symbol)?.getDeclarations().find((d) => Node.isFunctionDeclaration(d) || Node.isMethodDeclaration(d) || Node.isVariableDeclaration(d)) ?? null;
      const body = fn && Node.isVariableDeclaration(fn) ? fn.getInitializer() ?? null : fn;
      const ret = body && (Node.isFunctionDeclaration(body) || Node.isMethodDeclaration(body) || Node.isArrowFunction(body) || Node.isFunctionExpression(body)) ? returnedBy(body) : null;
      if (!ret) return { kind: 'unknown', reason: `what \`${callee.getText()}(...)\` returns could not be read` };
      // A method that takes nothing returns one locator wherever it is called: a declaration, as a getter is.
      const takesNothing = !!body && (Node.isFunctionDeclaration(body) || Node.isMethodDeclaration(body) || Node.isArrowFunction(body) || Node.isFunctionExpression(body)) && body.getParameters().length === 0;
      const calledName = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
      const inner = follow(ret, { place: takesNothing ? 'method' : 'inline', name: takesNothing ? calledName : null, depth: depth + 1, bindings: bindingsOf(root, body!, bindings) });
      if (inner.kind !== 'written' || takesNothing) return inner;
      // One with parameters is a declaration too, its calls its uses, each with the values it passes (heal-suite checks every use).
      const inHelper = inner.node.getFirstAncestor((a) => a === body) !== undefined && (inner.place === 'inline' || inner.place === 'variable');
      return inHelper ? { ...inner, place: 'helper', name: calledName } : inner;
    }
    return { kind: 'unknown', reason: `\`${node.getText().slice(0, 80)}\` is not a locator heal can read` };
  }
  const rootText = root.getText();
  const pageText = isPageRoot(root) ? rootText : 'page';
  const args = calls.flatMap((call) => (Node.isCallExpression(call) ? call.getArguments() : []));
  const read = reading(pageText, bindings);
  const looseArg = args.find((arg) => !writtenOut(arg, read));
  if (looseArg) {
    const loose = looseValue(looseArg, read);
    const fn = node.getFirstAncestor((a) => Node.isFunctionDeclaration(a) || Node.isMethodDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a) || Node.isConstructorDeclaration(a) || Node.isGetAccessorDeclaration(a)) ?? null;
    const unread = read.unread ? ` (passed as \`${read.unread.argument.slice(0, 60)}\`, which heal cannot read as a literal or a constant)` : '';
    const key = `${node.getSourceFile().getFilePath()}:${node.getStart()}`;
    return { kind: 'passed-in', reason: `the locator is built from \`${loose.getText().slice(0, 60)}\`, a value the code passes in${unread}`, where: whereOf(node), callSites: callSitesOf(fn), key };
  }
  const relative = (text: string) => text.slice(rootText.length + 1).replace(/\s*\n\s*/g, '').replace(new RegExp(`\\b(has|hasNot): ${pageText.replace(/\./g, '\\.')}\\.`, 'g'), '$1: ');
  const { text, constants } = withValues(node, read);
  const code = relative(text);
  const template = read.passed.length ? relative(withValues(node, read, true).text) : code;
  const passed = read.passed.map((p) => p.value);
  const own = { kind: 'written' as const, node, place, name, root: rootText, code, constants, template, passed, where: whereOf(node) };
  if (isPageRoot(root)) return { ...own, scope: null, container: null };
  // The chain starts from a locator of its own (a component's root): its code is the scope the element is found in.
  const scope = follow(root, { place, name, depth: depth + 1, bindings });
  if (scope.kind !== 'written') return scope;
  const scopeCode = scope.scope ? `${scope.scope}.${scope.code}` : scope.code;
  return { ...own, scope: scopeCode, container: scope };
}

/** Where the call at `line`:`column` of `source` wrote its locator. */
export function writtenLocator(source: SourceFile, line: number, column: number): LocatorSource & { assertion?: boolean } {
  const at = nodeAt(source, line, column);
  if (!at) return { kind: 'unknown', reason: `${source.getFilePath()}:${line}:${column} is not in the file (was it edited since the run?)` };
  const called = calledLocator(at);
  if (!called) return { kind: 'unknown', reason: `no locator call at ${source.getFilePath()}:${line}:${column}` };
  return { ...follow(called.locator, { place: 'inline', name: null, depth: 0, bindings: kNoBindings }), assertion: called.assertion };
}
