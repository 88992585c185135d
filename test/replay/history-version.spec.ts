import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { startDemoServer } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { parseLocatorCode, printLocatorCode } from '../../core/locator/code.ts';
import { History, kHistoryVersion } from '../../core/schema/history.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { replay } from '../../replay/replay.ts';
import { appPage, flowDone } from '../../harness/demo-flows.ts';

/**
 * Every history version ever written stays readable: the fixtures are real recordings of the demo
 * app (version 1: sign in, create an item, sign out; version 2: the items flow of
 * harness/plans/demo-items.json), kept as they were written, and they still load, replay and generate.
 */

const kFixtures = path.join(import.meta.dirname, '..', 'hardening', 'fixtures');

interface RawStep {
  action: string;
  fingerprint: Record<string, unknown> | null;
  locator: { code: string; selector: string; matches: number } | null;
}
interface RawHistory {
  version: number;
  steps: RawStep[];
}

async function raw(version: 1 | 2): Promise<RawHistory> {
  return JSON.parse(await fs.readFile(path.join(kFixtures, `history-v${version}.json`), 'utf8')) as RawHistory;
}

for (const version of [1, 2] as const) {
  test(`a version ${version} history migrates forward: locators keep their code, the internal selector is gone`, async () => {
    const old = await raw(version);
    expect(old.version).toBe(version);
    expect(old.steps.some((s) => s.locator?.selector.startsWith('internal:'))).toBe(true);
    const history = History.parse(old);
    expect(history.version).toBe(kHistoryVersion);
    expect(history.steps.map((s) => s.action)).toEqual(old.steps.map((s) => s.action));
    expect(history.steps.map((s) => s.locator)).toEqual(old.steps.map((s) => s.locator && { code: s.locator.code, matches: s.locator.matches }));
    expect(JSON.stringify(history)).not.toContain('internal:');
    // Every recorded code reads with our parser and prints back as Playwright printed it.
    for (const step of history.steps) if (step.locator) expect(printLocatorCode(parseLocatorCode(step.locator.code))).toBe(step.locator.code);
    if (version === 1) for (const step of history.steps.filter((s) => s.fingerprint)) expect(step.fingerprint!.container).toBeNull();
  });
}

test('the test id attribute only a version 2 selector named moves to the fingerprint', async () => {
  const old = await raw(2);
  const [email, , , nav] = old.steps;
  expect(nav!.locator!.code).toBe("getByTestId('nav').getByRole('link', { name: 'New item' })");
  email!.fingerprint = { ...email!.fingerprint!, testIdAttribute: null };
  email!.locator = { ...email!.locator!, selector: 'internal:testid=[data-qa="login-email"s]' };
  // A selector whose test id is a container's says nothing about the element's own attribute.
  nav!.fingerprint = { ...nav!.fingerprint!, testId: 'new-item', testIdAttribute: null };
  const history = History.parse(old);
  expect(history.steps[0]!.fingerprint!.testIdAttribute).toBe('data-qa');
  expect(history.steps[3]!.fingerprint!.testIdAttribute).toBeNull();
});

test('a history newer than this build, or an older one that claims to be current, does not parse', async () => {
  for (const version of [1, 2] as const) {
    const old = await raw(version);
    expect(History.safeParse({ ...old, version: kHistoryVersion + 1 }).success).toBe(false);
    expect(History.safeParse({ ...old, version: kHistoryVersion }).success).toBe(false);
  }
});

test('histories of both older versions replay on the demo app, each element found by its recorded locator', async ({ page }) => {
  test.setTimeout(180_000);
  for (const version of [1, 2] as const) {
    const server = await startDemoServer({ port: 0, variant: 0 });
    try {
      const history = History.parse(await raw(version));
      const { report } = await replay(page, history, {
        replayId: `replay-v${version}`,
        baseUrl: server.url,
        substitutions: { vars: {}, secrets: { password: kUser.password } },
      });
      const trail = report.steps.map((s) => `${s.index} ${s.action} ${s.status} ${s.level ?? ''} ${s.message ?? ''} ${s.notes.join(' | ')}`).join('\n');
      expect(report.summary.ok, trail).toBe(true);
      const targeted = report.steps.filter((s) => s.recordedLocator);
      expect(targeted.length, trail).toBeGreaterThan(5);
      for (const step of targeted) expect(`${step.index} ${step.status} ${step.level}`, trail).toBe(`${step.index} passed recorded`);
      if (version === 1) expect(await appPage(server.url, '/items?q=Blue+Kettle')).toContain('Blue Kettle');
      else expect(await flowDone('items', server.url)).toBe(true);
    } finally {
      await server.close();
    }
  }
});

test('histories of both older versions generate the same public locators', async () => {
  for (const version of [1, 2] as const) {
    const history = History.parse(await raw(version));
    const model = buildPageModel([{ sessionId: history.sessionId, historyPath: null, history, snapshots: [] }]);
    const files = emitAll(model, assignNames(model, null), { histories: new Map() });
    const pom = files.filter((f) => f.file.startsWith('pom/')).map((f) => f.text).join('\n');
    expect(pom).toContain("this.page.getByTestId('login-email')");
    expect(pom).toContain("this.page.getByTestId('nav').getByRole('link', { name: 'New item' })");
    expect(pom).toContain("this.page.getByLabel('Category')");
    expect(pom).toContain("this.page.getByRole('spinbutton', { name: 'Price' })");
    for (const file of files) expect(file.text, file.file).not.toMatch(/internal:|aria-ref=/);
  }
});
