import type { Frame, FrameLocator, Locator, Page } from 'playwright';
import type { FilterOptions, LocatorChain, LocatorStep, RegexText, RoleOptions, TextMatch } from './chain.ts';
import { parseLocatorCode, printLocatorCode } from './code.ts';

/**
 * Turns a locator chain (core/locator/chain.ts) into a Playwright Locator with the public API
 * only, from a Page or a Frame: `build(page, parseLocatorCode(loc.toString()))` finds what `loc`
 * finds. A step that does not apply where it stands (`filter()` right after `contentFrame()`, a
 * chain that ends inside a frame instead of at an element) throws with the step named.
 */

type Root = Page | Frame;
type Current = { type: 'root'; value: Root } | { type: 'locator'; value: Locator } | { type: 'frame'; value: FrameLocator };

function regex(text: RegexText): RegExp {
  return new RegExp(text.source, text.flags);
}

function textArg(text: TextMatch): string | RegExp {
  return typeof text === 'string' ? text : regex(text);
}

type RoleArg = Parameters<Page['getByRole']>[0];
type RoleOptionsArg = NonNullable<Parameters<Page['getByRole']>[1]>;

function roleOptions(options: RoleOptions): RoleOptionsArg {
  const { name, description, ...rest } = options;
  // 'mixed' (tri-state) is accepted at run time although the typings say boolean.
  return {
    ...(rest as Omit<RoleOptionsArg, 'name' | 'description'>),
    ...(name !== undefined ? { name: textArg(name) } : {}),
    ...(description !== undefined ? { description: textArg(description) } : {}),
  };
}

function filterOptions(root: Root, options: FilterOptions) {
  return {
    ...(options.hasText !== undefined ? { hasText: textArg(options.hasText) } : {}),
    ...(options.hasNotText !== undefined ? { hasNotText: textArg(options.hasNotText) } : {}),
    ...(options.has !== undefined ? { has: buildLocator(root, options.has) } : {}),
    ...(options.hasNot !== undefined ? { hasNot: buildLocator(root, options.hasNot) } : {}),
    ...(options.visible !== undefined ? { visible: options.visible } : {}),
  };
}

function apply(root: Root, current: Current, step: LocatorStep, fail: (reason: string) => never): Current {
  const on = current.value;
  const locatorOnly = (): Locator => (current.type === 'locator' ? current.value : fail(`${step.kind}() needs an element locator before it, not ${current.type === 'root' ? 'the page' : 'a frame'}`));
  switch (step.kind) {
    case 'locator': {
      const options = step.options ? filterOptions(root, step.options) : undefined;
      if (typeof step.selector === 'string') return { type: 'locator', value: on.locator(step.selector, options) };
      const inner = buildLocator(root, step.selector);
      // Page.locator() takes selectors only; from the page, locator(inner) is inner itself.
      if (current.type === 'root') return { type: 'locator', value: options ? inner.filter(options) : inner };
      return { type: 'locator', value: current.value.locator(inner, options) };
    }
    case 'getByRole': return { type: 'locator', value: on.getByRole(step.role as RoleArg, roleOptions(step.options)) };
    case 'getByText': case 'getByLabel': case 'getByPlaceholder': case 'getByAltText': case 'getByTitle': {
      const options = step.exact !== undefined ? { exact: step.exact } : undefined;
      return { type: 'locator', value: on[step.kind](textArg(step.text), options) };
    }
    case 'getByTestId': return { type: 'locator', value: on.getByTestId(textArg(step.testId)) };
    case 'filter': return { type: 'locator', value: locatorOnly().filter(filterOptions(root, step.options)) };
    case 'nth': return { type: 'locator', value: locatorOnly().nth(step.index) };
    case 'first': return { type: 'locator', value: locatorOnly().first() };
    case 'last': return { type: 'locator', value: locatorOnly().last() };
    case 'visible': {
      const locator = locatorOnly();
      // visible() is newer than filter({ visible }); both match the same elements.
      return { type: 'locator', value: typeof locator.visible === 'function' ? locator.visible() : locator.filter({ visible: true }) };
    }
    case 'and': return { type: 'locator', value: locatorOnly().and(buildLocator(root, step.chain)) };
    case 'or': return { type: 'locator', value: locatorOnly().or(buildLocator(root, step.chain)) };
    case 'contentFrame': return { type: 'frame', value: locatorOnly().contentFrame() };
    case 'frameLocator': {
      if (step.selector !== null) return { type: 'frame', value: on.frameLocator(step.selector) };
      if (current.type !== 'root') return fail('frameLocator() without a selector (any frame) applies to the page only');
      return { type: 'frame', value: (current.value.frameLocator as (selector?: string) => FrameLocator)() };
    }
    case 'describe': return { type: 'locator', value: locatorOnly().describe(step.description) };
  }
}

/** The Locator the chain describes, from `root`. Throws when a step does not apply where it stands. */
export function buildLocator(root: Root, chain: LocatorChain): Locator {
  let current: Current = { type: 'root', value: root };
  for (const [i, step] of chain.entries()) {
    const fail = (reason: string): never => {
      throw new Error(`cannot build ${printLocatorCode(chain)} at ${printLocatorCode([step])} (step ${i + 1}): ${reason}`);
    };
    current = apply(root, current, step, fail);
  }
  if (current.type !== 'locator') throw new Error(`cannot build ${printLocatorCode(chain)}: it ends at a frame, not at an element`);
  return current.value;
}

/** `buildLocator(root, parseLocatorCode(code))`: throws when the code cannot be read or built. */
export function locatorFromCode(root: Root, code: string): Locator {
  return buildLocator(root, parseLocatorCode(code));
}
