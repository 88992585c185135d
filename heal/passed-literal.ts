import type { Page } from 'playwright';
import type { Node as TsNode } from 'ts-morph';
import { takeFingerprint } from '../core/fingerprint/take.ts';
import { locatorFromCode } from '../core/locator/build.ts';
import { quote } from '../core/locator/code.ts';
import { splitTopLevel } from '../core/locator/split-top-level.ts';
import { Node } from '../generate/ts-morph.ts';
import type { passedParts } from './passed-values.ts';

/**
 * A value a test passes a helper that the page no longer shows (`wiki.tool('Sitemap')` where the
 * link now reads "Index"): the helper stays as written, and the literal the test writes is written
 * anew where the test writes it, when that is the one place the value comes from and the one thing
 * it decides. So only when the test passes a string literal itself (not a constant, not through
 * another helper), from its own body (not a hook or a function several tests call), the helper
 * reads the parameter once, in the part that broke, and the part with the new value finds the
 * re-found element alone, the rest of the chain as written.
 */

type PassedPart = ReturnType<typeof passedParts>[number];

/**
 * Playwright's declarations of one test that runs, whose function argument is that test's body:
 * `test(...)`, `test.only(...)`, `test.fail(...)` (a skipped or fixme test never fails).
 */
const kTestCall = /^test(\.(only|fail))?$/;

export type PassedLiteral =
  | { ok: true; node: TsNode; before: string; after: string; value: string }
  | { ok: false; why: string };

/**
 * Whether the helper call that passes `literal` is acted on where it is written
 * (`wiki.tool('Sitemap').click()`), not kept in a variable or handed to `expect`, where the value
 * would also say what a later check expects.
 */
function actedOnAlone(literal: TsNode): boolean {
  const call = literal.getParent();
  const access = call?.getParent();
  return Boolean(call && Node.isCallExpression(call) && access && Node.isPropertyAccessExpression(access) && access.getExpression() === call);
}

/** Whether `node` is in the body of one test, and of nothing several tests run. */
function inOneTest(node: TsNode): boolean {
  for (let at: TsNode | undefined = node.getParent(); at; at = at.getParent()) {
    if (!Node.isArrowFunction(at) && !Node.isFunctionExpression(at)) continue;
    const call = at.getParent();
    if (call && Node.isCallExpression(call) && kTestCall.test(call.getExpression().getText())) return true;
  }
  return false;
}

/** The literal written with the quote it was written with. */
function requoted(literal: TsNode, value: string): string {
  const text = literal.getText();
  const mark = text[0];
  if (mark === "'") return quote(value);
  const json = JSON.stringify(value);
  return mark === '`' ? `\`${json.slice(1, -1).replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\`` : json;
}

/**
 * The literal to write anew for `part` of `chain` (`code` as the page finds it for this call,
 * `scope` what it is found inside), the element being the one `found` finds on `page`; or why not.
 */
export async function passedLiteral(page: Page, chain: { code: string; scope: string | null }, part: PassedPart, found: string): Promise<PassedLiteral> {
  const [passed, ...others] = part.passed;
  if (!passed || others.length) return { ok: false, why: 'it is built from more than one value passed in' };
  if (!passed.literal || typeof passed.value !== 'string') return { ok: false, why: 'the value is not a string the test writes itself' };
  if (!inOneTest(passed.literal.node)) return { ok: false, why: 'the value is written where more than one test passes it (a hook or a shared function)' };
  if (!actedOnAlone(passed.literal.node)) return { ok: false, why: 'the locator it builds is kept or checked beyond the call that failed' };
  if (passed.literal.reads() !== 1) return { ok: false, why: `the helper reads \`${passed.name}\` more than once` };
  const old = quote(passed.value);
  if (part.code.split(old).length !== 2) return { ok: false, why: 'its part does not say the value once' };
  const element = await locatorFromCode(page, found).elementHandle({ timeout: 1_000 }).catch(() => null);
  if (!element) return { ok: false, why: 'the re-found element is not found again' };
  try {
    const live = await takeFingerprint(locatorFromCode(page, found));
    const values = [...new Set([live.name, live.label, live.placeholder, live.text, live.title, live.alt].map((v) => v?.trim() ?? '').filter((v) => v && v !== passed.value && v.length <= 80))];
    const parts = splitTopLevel(chain.code, '.').filter(Boolean);
    for (const value of values) {
      const code = [...(chain.scope ? [chain.scope] : []), ...parts.map((p, i) => (i === part.at ? p.replace(old, quote(value)) : p))].join('.');
      const alone = await locatorFromCode(page, code).evaluateAll((els, el) => els.length === 1 && els[0] === el, element).catch(() => false);
      if (alone) return { ok: true, node: passed.literal.node, before: passed.literal.node.getText(), after: requoted(passed.literal.node, value), value };
    }
    return { ok: false, why: `no value the re-found element shows (${values.map(quote).join(', ') || 'none'}) makes its part find it alone` };
  } finally {
    await element.dispose();
  }
}
