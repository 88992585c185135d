import type { Page } from 'playwright';
import type { Node as TsNode } from 'ts-morph';
import { locatorFromCode } from '../core/locator/build.ts';
import { splitTopLevel } from '../core/locator/split-top-level.ts';
import { Node } from '../generate/ts-morph.ts';
import { constantValue } from './constant-value.ts';

/**
 * A locator a helper builds from its parameters (`planButton(page, 'Pro')` returning
 * `page.locator('li.plan').filter({ hasText: plan }).getByRole('button', { name: 'Buy' })`), read
 * at each call with the values the call passes (string and number literals, constants): the
 * chain as the page finds it for that call (`filter({ hasText: 'Pro' })`), and as the helper
 * writes it (`filter({ hasText: plan })`). A heal may rewrite the literals the helper writes; the
 * parts built from a parameter are the caller's, kept as written, and when one of them no longer
 * finds anything the value passed in changed: heal names it and where it is passed, never patches it.
 */

/** A parameter of the helper, read at the call that reached it. */
export interface WrittenArgument {
  /** The parameter as the helper writes it (`plan`). */
  name: string;
  value: string | number;
  /** The argument as the call writes it (`'Pro'`, `Plans.pro`). */
  argument: string;
  /** `file:line` of the call that passes it. */
  at: string;
  /**
   * The string literal the call writes there, when it passes one itself (not through another
   * helper or a constant), with how many times the helper reads the parameter (asked only then: it searches the project): what a heal may
   * write anew where the call is, when the value no longer holds.
   */
  literal?: { node: TsNode; reads: () => number };
}

/** A parameter's declaration, by file and place, to what one call passes for it. */
export type Bindings = ReadonlyMap<string, { argument: TsNode | undefined; at: string; outer: Bindings }>;

export const kNoBindings: Bindings = new Map();

function keyOf(node: TsNode): string {
  return `${node.getSourceFile().getFilePath()}:${node.getStart()}`;
}

/** What `call` passes for each parameter of `fn` (its default when the call leaves it out). */
export function bindingsOf(call: TsNode, fn: TsNode, outer: Bindings): Bindings {
  const bindings = new Map<string, { argument: TsNode | undefined; at: string; outer: Bindings }>();
  if (!(Node.isCallExpression(call) || Node.isNewExpression(call)) || !Node.isFunctionLikeDeclaration(fn)) return bindings;
  const args = call.getArguments();
  const at = `${call.getSourceFile().getFilePath()}:${call.getStartLineNumber()}`;
  fn.getParameters().forEach((parameter, i) => {
    bindings.set(keyOf(parameter), { argument: args[i] ?? parameter.getInitializer(), at, outer });
  });
  return bindings;
}

/**
 * The value a name in the helper stands for at this call: a parameter the call passes a literal or
 * a constant for (through the helpers that called it with one). `null` when it is no parameter;
 * `{ unread }` when it is one whose value heal cannot read there.
 */
export function passedValue(name: TsNode, bindings: Bindings, hops = 0): WrittenArgument | { unread: string; at: string } | null {
  if (!Node.isIdentifier(name) || hops > 8) return null;
  const parent = name.getParent();
  const symbol = parent && Node.isShorthandPropertyAssignment(parent) ? parent.getValueSymbol() : name.getSymbol();
  const parameter = symbol?.getDeclarations().find((d) => Node.isParameterDeclaration(d));
  const bound = parameter ? bindings.get(keyOf(parameter)) : undefined;
  if (!bound) return null;
  const { argument, at } = bound;
  if (!argument) return { unread: '(nothing: the call leaves it out)', at };
  const outer = passedValue(argument, bound.outer, hops + 1);
  if (outer && 'value' in outer) return { ...outer, name: name.getText() };
  if (outer) return outer;
  const constant = constantValue(argument);
  if (!constant) return { unread: argument.getText(), at };
  const declared = parameter && Node.isParameterDeclaration(parameter) ? parameter.getNameNode() : undefined;
  const literal = (Node.isStringLiteral(argument) || Node.isNoSubstitutionTemplateLiteral(argument)) && declared && Node.isIdentifier(declared)
    ? { node: argument, reads: () => declared.findReferencesAsNodes().filter((r) => r !== declared).length }
    : undefined;
  return { name: name.getText(), value: constant.value, argument: argument.getText(), at, ...(literal ? { literal } : {}) };
}

/** A chain as the page finds it for one call, and as the helper writes it: part by part, `code` and `template` differ where a parameter stands. */
export interface PassedChain {
  code: string;
  template: string;
  passed: readonly WrittenArgument[];
}

function parts(code: string): string[] {
  return splitTopLevel(code, '.').filter(Boolean);
}

/** The parts of the chain built from a parameter: each as the page finds it and as it is written. */
export function passedParts(chain: PassedChain): { at: number; code: string; template: string; passed: WrittenArgument[] }[] {
  const code = parts(chain.code);
  const template = parts(chain.template);
  if (code.length !== template.length) return [];
  return code.flatMap((part, at) => (part === template[at] ? [] : [{
    at, code: part, template: template[at]!, passed: chain.passed.filter((p) => new RegExp(`\\b${p.name}\\b`).test(template[at]!)),
  }]));
}

/**
 * New code (relative to the chain's root, as the page finds it for the call that failed) written
 * as the helper writes it: each part built from a parameter put back by its template. `lost` is the
 * first such part the new code no longer holds as it was.
 */
export function templated(code: string, chain: PassedChain): { code: string } | { lost: ReturnType<typeof passedParts>[number] } {
  const out = parts(code);
  for (const part of passedParts(chain)) {
    const at = out.indexOf(part.code);
    if (at < 0) return { lost: part };
    out[at] = part.template;
  }
  return { code: out.join('.') };
}

/** Code as the helper writes it, read for another call: each part built from a parameter as that call's values make it. */
export function instantiated(template: string, chain: PassedChain): string | null {
  const out = parts(template);
  for (const part of passedParts(chain)) {
    const at = out.indexOf(part.template);
    if (at < 0) return null;
    out[at] = part.code;
  }
  return out.join('.');
}

/**
 * The part built from a parameter that finds nothing in the page where the chain before it still
 * finds something: the value passed in no longer holds. Null when every such part still finds.
 */
export async function brokenPassedPart(page: Page, chain: PassedChain, scope: string | null): Promise<ReturnType<typeof passedParts>[number] | null> {
  const all = parts(chain.code);
  const scoped = (n: number) => [...(scope ? [scope] : []), ...all.slice(0, n)].join('.');
  const count = async (code: string) => (code ? locatorFromCode(page, code).count().catch(() => -1) : 1);
  for (const part of passedParts(chain)) {
    if ((await count(scoped(part.at))) > 0 && (await count(scoped(part.at + 1))) === 0) return part;
  }
  return null;
}

/** Why a part built from a parameter stops a heal (`why`, with what to do): the parameters, where the helper writes them, what each call passes and where. */
export function passedReason(part: ReturnType<typeof passedParts>[number], where: string, why: string, relative: (where: string) => string): string {
  const names = part.passed.map((p) => `\`${p.name}\``).join(', ') || 'a parameter';
  const passes = part.passed.map((p) => `${relative(p.at)} passes \`${p.argument}\`${p.argument === JSON.stringify(p.value) || p.argument === `'${p.value}'` ? '' : ` (${JSON.stringify(p.value)})`}`).join(', ');
  return `the locator is built from ${names}, a value the code passes in (${relative(where)}; ${passes}): its part \`${part.code}\` ${why}: not patched`;
}
