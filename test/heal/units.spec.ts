import { expect, test } from '../support/fixtures.ts';
import { Project } from 'ts-morph';
import type { TraceReader } from '../../core/io/trace-zip.ts';
import { readFailure } from '../../heal/failure.ts';
import { memberAt, pomPath } from '../../heal/member-at.ts';
import { getterLocator, patchGetter } from '../../heal/patch.ts';
import { unifiedDiff } from '../../heal/unified-diff.ts';

/** The pure parts of `bu heal`: what a trace says failed, where a stack frame points, the getter edit, the diff. */

const kPage = `import type { Locator, Page } from '@playwright/test';

export class LoginPage {
  constructor(readonly page: Page) {}

  get signInButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign in' });
  }

  /** A person's own helper: heal leaves it alone. */
  get footer(): Locator {
    return this.page.locator('footer');
  }

  async clickSignIn(): Promise<void> {
    await this.signInButton.click();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
}

export class ItemsRow {
  constructor(readonly root: Locator) {}

  get deleteButton(): Locator {
    return this.root.getByRole('button', { name: 'Delete' });
  }
}
`;

function source(text = kPage) {
  return new Project({ useInMemoryFileSystem: true }).createSourceFile('/pom/LoginPage.ts', text);
}

test('a stack frame from another machine is matched by its path from pom/ on', () => {
  const has = (relative: string) => relative === 'pom/LoginPage.ts';
  expect(pomPath('/home/runner/work/shop/e2e/pom/LoginPage.ts', has)).toBe('pom/LoginPage.ts');
  expect(pomPath('C:\\ci\\e2e\\pom\\LoginPage.ts', has)).toBe('pom/LoginPage.ts');
  expect(pomPath('/ci/e2e/workflows/login.ts', has)).toBeNull();
  expect(pomPath('/ci/e2e/pom/OtherPage.ts', has)).toBeNull();
});

test('the failing line names the getter it used, an inline assertion, or nothing in a page object', () => {
  const file = source();
  const open = (relative: string) => (relative === 'pom/LoginPage.ts' ? file : null);
  const line = (needle: string) => kPage.split('\n').findIndex((l) => l.includes(needle)) + 1;
  const click = memberAt([{ file: '/ci/pom/LoginPage.ts', line: line('this.signInButton.click'), column: 30 }, { file: '/ci/tests/a.spec.ts', line: 3, column: 1 }], '/work', open);
  expect(click).toMatchObject({ kind: 'member', file: 'pom/LoginPage.ts', className: 'LoginPage', member: 'signInButton', assertion: false });
  const heading = memberAt([{ file: '/ci/pom/LoginPage.ts', line: line("expect(this.page.getByRole('heading'"), column: 80 }], '/work', open);
  expect(heading).toMatchObject({ kind: 'inline', assertion: true });
  expect(memberAt([{ file: '/ci/tests/a.spec.ts', line: 3, column: 1 }], '/work', open)).toEqual({ kind: 'elsewhere', where: 'a.spec.ts:3' });
});

/** A page with two collections whose item classes both have a `removeButton`. */
const kTeamPage = `import type { Locator, Page } from '@playwright/test';

export class TeamPage {
  constructor(readonly page: Page) {}

  member(text: string): MemberRow {
    return new MemberRow(this.page.getByRole('row').filter({ hasText: text }));
  }

  invitation(text: string): InvitationItem {
    return new InvitationItem(this.page.getByRole('listitem').filter({ hasText: text }));
  }

  async removeMember(member: string): Promise<void> {
    await this.member(member).removeButton.click();
  }

  async withdrawInvitation(invitation: string): Promise<void> {
    await this.invitation(invitation).removeButton.click();
  }

  async withdrawHeld(invitation: string): Promise<void> {
    const held = this.invitation(invitation);
    await held.removeButton.click();
  }
}

export class MemberRow {
  constructor(readonly root: Locator) {}

  get removeButton(): Locator {
    return this.root.getByRole('button', { name: 'Remove' });
  }
}

export class InvitationItem {
  constructor(readonly root: Locator) {}

  get removeButton(): Locator {
    return this.root.getByRole('button', { name: 'Withdraw' });
  }
}
`;

test('a member name two item classes share is the one of the item the statement reads it from', () => {
  const file = source(kTeamPage);
  const open = (relative: string) => (relative === 'pom/LoginPage.ts' ? file : null);
  const at = (needle: string) => memberAt([{ file: '/ci/pom/LoginPage.ts', line: kTeamPage.split('\n').findIndex((l) => l.includes(needle)) + 1, column: 5 }], '/work', open);
  expect(at('this.member(member).removeButton')).toMatchObject({ kind: 'member', className: 'MemberRow', member: 'removeButton' });
  expect(at('this.invitation(invitation).removeButton')).toMatchObject({ kind: 'member', className: 'InvitationItem', member: 'removeButton' });
  expect(at('held.removeButton')).toMatchObject({ kind: 'member', className: 'InvitationItem', member: 'removeButton' });
});

test('a heal changes only the expression the getter returns', () => {
  const file = source();
  expect(getterLocator(file, 'LoginPage', 'signInButton')).toEqual({ root: 'this.page', code: "getByRole('button', { name: 'Sign in' })" });
  expect(getterLocator(file, 'ItemsRow', 'deleteButton')).toEqual({ root: 'this.root', code: "getByRole('button', { name: 'Delete' })" });
  expect(patchGetter(file, 'LoginPage', 'signInButton', "getByRole('button', { name: 'Log in' })")).toBe(true);
  expect(patchGetter(file, 'LoginPage', 'missing', "getByRole('button')")).toBe(false);
  expect(file.getFullText()).toBe(kPage.replace("return this.page.getByRole('button', { name: 'Sign in' });", "return this.page.getByRole('button', { name: 'Log in' });"));
  // A locator nested in the new code starts from the getter's page, not from a bare `page`.
  const nested = "getByRole('listitem').filter({ has: page.getByText('bed', { exact: true }) }).getByRole('button')";
  expect(patchGetter(file, 'LoginPage', 'signInButton', nested)).toBe(true);
  expect(patchGetter(file, 'ItemsRow', 'deleteButton', nested)).toBe(true);
  expect(file.getFullText()).toContain("return this.page.getByRole('listitem').filter({ has: this.page.getByText('bed', { exact: true }) }).getByRole('button');");
  expect(file.getFullText()).toContain("return this.root.getByRole('listitem').filter({ has: this.root.page().getByText('bed', { exact: true }) }).getByRole('button');");
});

test('the diff is a unified diff git can apply: removals before additions, three lines of context, hunks merged when close', () => {
  const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'].join('\n');
  const after = before.replace('c', 'C').replace('e', 'E').replace('n', 'N');
  expect(unifiedDiff('pom/X.ts', before, before)).toBe('');
  expect(unifiedDiff('pom/X.ts', before, after)).toBe([
    '--- a/pom/X.ts', '+++ b/pom/X.ts',
    '@@ -1,8 +1,8 @@', ' a', ' b', '-c', '+C', ' d', '-e', '+E', ' f', ' g', ' h',
    '@@ -11,4 +11,4 @@', ' k', ' l', ' m', '-n', '+N', '',
  ].join('\n'));
});

/** A test's trace as `readFailure` reads it: `test.trace` with the test's errors, and one context trace. */
function traceOf(files: Record<string, unknown[]>): TraceReader {
  const texts = new Map(Object.entries(files).map(([name, events]) => [name, events.map((e) => JSON.stringify(e)).join('\n')]));
  return { name: 'trace.zip', entries: new Set(texts.keys()), text: async (entry: string) => texts.get(entry) ?? '' } as unknown as TraceReader;
}

test('a failure read from a trace says whether its call ended, and whether the test ran out of time', async () => {
  const before = (callId: string, expression: string) => ({ type: 'before', callId, class: 'Frame', method: 'expect', params: { expression } });
  const cutShort = await readFailure(traceOf({
    'test.trace': [{ type: 'error', message: '\u001b[31mTest timeout of 10000ms exceeded.\u001b[39m' }],
    '0-trace.trace': [before('call@1', 'to.have.title'), { type: 'after', callId: 'call@1' }, before('call@2', 'to.have.url')],
  }));
  expect(cutShort?.timedOut).toBe(true);
  expect(cutShort?.call).toMatchObject({ callId: 'call@2', ended: false, expression: 'to.have.url' });
  const failed = await readFailure(traceOf({
    'test.trace': [{ type: 'error', message: 'Error: expect(page).toHaveURL(expected) failed' }],
    '0-trace.trace': [before('call@1', 'to.have.url'), { type: 'after', callId: 'call@1', error: { message: 'toHaveURL failed' } }],
  }));
  expect(failed?.timedOut).toBe(false);
  expect(failed?.call).toMatchObject({ callId: 'call@1', ended: true, message: 'toHaveURL failed' });
});
