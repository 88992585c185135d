import { isCallOf, type FoundElement, type TracedCall } from './suite-oracle.ts';

/**
 * The families of the heal-suite bench that the code of a failing test decides, read off the
 * honest mutants' cases (no run of their own): each failing test is in every family its failing
 * call's code is in.
 *   two breaks        another test of its file failed in the same run (the suites hold a file whose
 *                     first broken call is a chain written over several lines)
 *   shared locator    the failing call's locator found other elements for other calls of the unchanged
 *                     app's run: a field or variable several tests use for different elements
 *   outside testDir   the failing call is written in a file outside the config's testDir (page
 *                     objects in pages/ beside tests/)
 * Pure: the failing run's calls and the reference run's elements come in.
 */

export type CodeFamily = 'two breaks' | 'shared locator' | 'outside testDir';
export const kCodeFamilies: CodeFamily[] = ['two breaks', 'shared locator', 'outside testDir'];

/** The failing call of each test: its first call with an error, as `test › file:line:column #turn`. */
export function failingCalls(failed: Map<string, TracedCall>, tests: string[]): Map<string, { place: string; selector: string }> {
  const out = new Map<string, { place: string; selector: string }>();
  for (const [call, c] of failed) {
    if (c.error === null) continue;
    const test = tests.find((t) => isCallOf(call, t));
    if (!test || out.has(test)) continue;
    out.set(test, { place: /› ([^›]+) #\d+$/.exec(call)![1]!, selector: c.selector });
  }
  return out;
}

/** Each failing test's code families; places are named from testDir (bu baseline's names: `../pages/x.ts` is outside). */
export function codeFamilies(input: { failing: string[]; failed: Map<string, TracedCall>; reference: Map<string, FoundElement> }): Map<string, CodeFamily[]> {
  const calls = failingCalls(input.failed, input.failing);
  const keysBySelector = new Map<string, Set<string>>();
  for (const found of input.reference.values()) {
    if (!keysBySelector.has(found.selector)) keysBySelector.set(found.selector, new Set());
    keysBySelector.get(found.selector)!.add(found.key);
  }
  const fileOf = (test: string) => test.split(' › ')[0]!;
  const out = new Map<string, CodeFamily[]>();
  for (const test of input.failing) {
    const families: CodeFamily[] = [];
    if (input.failing.some((other) => other !== test && fileOf(other) === fileOf(test))) families.push('two breaks');
    const call = calls.get(test);
    if (call && (keysBySelector.get(call.selector)?.size ?? 0) > 1) families.push('shared locator');
    const file = call?.place.replace(/:\d+:\d+$/, '') ?? null;
    if (file !== null && file.startsWith('../')) families.push('outside testDir');
    out.set(test, families);
  }
  return out;
}
