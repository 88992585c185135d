import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { BaselineFile, baselineText, compactFingerprint, kBaselineVersion, type Baseline } from '../../core/schema/baseline.ts';
import { UsageError } from '../../core/errors.ts';
import { readBaselineFile } from '../../commands/baseline.ts';
import { fp } from '../../harness/generate/fixtures.ts';
import { suiteFrames, suiteRoot, testKey, withoutValues } from '../../heal/baseline.ts';
import { chainParts, styleOf } from '../../heal/heal-suite.ts';
import { markAttribute, marksTogether, onlyMark } from '../../locate/snapshot/marks-together.ts';
import { kTargetAttribute } from '../../locate/snapshot/snapshot-html.ts';

/** The pure parts of `bu baseline` and `bu heal --baseline`: keys, paths, the file's text, locator styles. */

test('a test is keyed by its file and title path, without the line a test added above it would move', () => {
  expect(testKey('checkout/orders.spec.ts:12 › checkout › pays')).toEqual({ file: 'checkout/orders.spec.ts', key: 'checkout/orders.spec.ts › checkout › pays' });
  expect(testKey('orders.spec.ts:3:5 › pays').key).toBe('orders.spec.ts › pays');
});

test("code is named from the suite's root, found from the test file's frame; frames in packages are left out", () => {
  const stack = [
    { file: '/ci/work/app/node_modules/@acme/helpers/index.js', line: 3, column: 1 },
    { file: '/ci/work/app/e2e/pages/orders.ts', line: 20, column: 9 },
    { file: '/ci/work/app/e2e/checkout/orders.spec.ts', line: 14, column: 5 },
  ];
  const call = { callId: 'c1', method: 'click', selector: 'x', expression: null, error: null, ended: true, stack };
  const root = suiteRoot('checkout/orders.spec.ts', [call]);
  expect(root).toBe('/ci/work/app/e2e');
  expect(suiteFrames(stack, root!)).toEqual([{ file: 'pages/orders.ts', line: 20, column: 9 }, { file: 'checkout/orders.spec.ts', line: 14, column: 5 }]);
  expect(suiteRoot('other.spec.ts', [call])).toBeNull();
});

test('no typed value is kept: a field loses its value, chosen options and text; a button keeps its text', () => {
  const field = withoutValues(fp({ role: 'textbox', name: 'Note', tag: 'div', text: 'my secret note', state: { value: 'hunter2', checked: null, selected: ['a'], disabled: false } }));
  expect(field).toMatchObject({ text: null, state: { value: null, selected: null } });
  expect(withoutValues(fp({ role: 'button', name: 'Save', text: 'Save' })).text).toBe('Save');
});

test('the file is one test a line, its fingerprints without null fields, and reads back whole', async () => {
  const fingerprint = fp({ role: 'button', name: 'Save', tag: 'button' });
  const baseline: Baseline = {
    version: kBaselineVersion,
    tests: ['a.spec.ts › one', 'a.spec.ts › two'].map((test) => ({
      test, ranAt: '2026-01-01T00:00:00.000Z',
      calls: [{ at: { file: 'a.spec.ts', line: 3, column: 5 }, via: [], nth: 0, method: 'click', selector: 'internal:role=button[name="Save"i]', url: 'http://127.0.0.1/', heading: null, fingerprint }],
    })),
  };
  const text = baselineText(baseline);
  expect(text.split('\n').filter((line) => line.startsWith('{"test"'))).toHaveLength(2);
  expect(text).not.toContain('null,"id"');
  // The element both tests found is written once, and each call names it.
  expect(text.split('\n').filter((line) => line.includes('"cssPath"'))).toHaveLength(1);
  expect(BaselineFile.parse(JSON.parse(text))).toEqual(baseline);
  // A file of version 1 (fingerprints in the calls) still reads.
  const v1 = { version: 1, tests: baseline.tests.map((t) => ({ ...t, calls: t.calls.map((c) => ({ ...c, fingerprint: compactFingerprint(c.fingerprint) })) })) };
  expect(BaselineFile.parse(v1)).toEqual(baseline);
  // A call naming an element the file does not have is refused.
  const { fingerprint: _, ...call } = baseline.tests[0]!.calls[0]!;
  const dangling = BaselineFile.safeParse({ version: 2, elements: {}, tests: [{ test: 'a.spec.ts › one', ranAt: '2026-01-01T00:00:00.000Z', calls: [{ ...call, element: 'nope' }] }] });
  expect(dangling.error?.issues[0]?.message).toBe('no element nope (called in a.spec.ts › one)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-baseline-'));
  try {
    const file = path.join(dir, 'baseline.json');
    expect(await readBaselineFile(file)).toBeNull();
    fs.writeFileSync(file, text);
    expect(await readBaselineFile(file)).toEqual(baseline);
    fs.writeFileSync(file, '{"version":9,"tests":[]}');
    await expect(readBaselineFile(file)).rejects.toThrow(UsageError);
    await expect(readBaselineFile(file)).rejects.toThrow(/is not a baseline this version reads: version/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a chain splits at its top-level dots, and its style is its last finding step's", () => {
  expect(chainParts("locator('li.plan').filter({ hasText: 'a.b' }).getByRole('button', { name: 'Buy' })")).toEqual(["locator('li.plan')", "filter({ hasText: 'a.b' })", "getByRole('button', { name: 'Buy' })"]);
  expect(styleOf("locator('li').filter({ hasText: 'Pro' }).getByRole('button')")).toBe('role');
  expect(styleOf("getByTestId('save').first()")).toBe('testId');
  expect(styleOf("locator('#phone')")).toBe('selector');
});

test('snapshots that differ only in the element they mark are shown as one page, each mark its own; another page or viewport stays apart', () => {
  const page = (marked: number) => `<!DOCTYPE html><html><body>${[0, 1, 2].map((i) => `<button${i === marked ? ` ${kTargetAttribute}` : ''} id="b${i}">B${i}</button>`).join('')}</body></html>`;
  expect(onlyMark(page(1))).toBe(page(1).indexOf(` ${kTargetAttribute}`));
  expect(onlyMark(page(-1))).toBeNull();
  expect(onlyMark(page(1).replace('id="b2"', `${kTargetAttribute} id="b2"`))).toBeNull();
  const groups = marksTogether([
    { html: page(2), context: 'a' },
    { html: page(0), context: 'a' },
    { html: page(0), context: 'b' },
    { html: page(0).replace('B1', 'B one'), context: 'a' },
    { html: page(2), context: 'a' },
  ]);
  expect(groups.map((g) => g.members)).toEqual([[0, 1, 4], [2], [3]]);
  expect(groups[0]!.html).toBe(`<!DOCTYPE html><html><body><button ${markAttribute(1)} id="b0">B0</button><button id="b1">B1</button><button ${markAttribute(0)} ${markAttribute(4)} id="b2">B2</button></body></html>`);
  expect(groups[1]!.html).toBe(page(0).replace(kTargetAttribute, markAttribute(2)));
  expect(() => marksTogether([{ html: page(-1), context: 'a' }])).toThrow(/exactly one/);
});
