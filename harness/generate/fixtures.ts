import { kHistoryVersion, type Fingerprint, type History, type HistoryStep, type PageState } from '../../core/schema/history.ts';
import type { RunInput } from '../../generate/model/inputs.ts';
import { parseAriaText } from '../../generate/model/snapshot.ts';

/**
 * Hand-made runs of a small shop app (login, dashboard, items, item detail, settings) with the
 * awkward cases the page model must handle: a look-alike button in a sidebar, a duplicate link in
 * two landmarks, an element inside an iframe, a secret, a variable, a checkbox and a radio.
 */

export const kOrigin = 'http://127.0.0.1:4100';

export function fp(partial: Partial<Fingerprint> & { role: string | null; name: string }): Fingerprint {
  return {
    tag: 'button', testId: null, id: null, nameAttr: null, type: null, placeholder: null, label: null, text: null,
    hrefPath: null, title: null, alt: null, ariaLabel: null, icon: null, classes: [], frameChain: [], shadowHosts: [],
    landmarks: [{ role: 'main', name: null }], nearbyHeading: null, nearbyText: null, xpath: '/html/body', cssPath: 'body',
    box: null, roleNameIndex: 0, roleNameCount: 1, state: { value: null, checked: null, selected: null, disabled: false },
    container: null, kindPeers: null,
    ...partial,
    testIdAttribute: partial.testIdAttribute ?? (partial.testId ? 'data-testid' : null),
  };
}

const kTitles: Record<string, [string, string | null]> = {
  '/login': ['Sign in · Shop', 'Sign in'],
  '/': ['Dashboard · Shop', 'Dashboard'],
  '/items': ['Items · Shop', 'Items'],
  '/items/17': ['Blue Lamp · Shop', 'Blue Lamp'],
  '/items/23': ['Red Hammer · Shop', 'Red Hammer'],
  '/settings': ['Settings · Shop', 'Settings'],
};

export function state(path: string, title?: string, heading?: string | null): PageState {
  const [t, h] = kTitles[path.split('?')[0]!] ?? ['Untitled', null];
  return { url: `${kOrigin}${path}`, title: title ?? t, ariaHash: 'hash', heading: heading === undefined ? h : heading, tab: 0, tabCount: 1 };
}

type StepInput = Pick<HistoryStep, 'action' | 'params'> & Partial<Omit<HistoryStep, 'action' | 'params'>>;

export function step(index: number, s: StepInput): HistoryStep {
  return {
    index, fingerprint: null, locator: null, targetAfter: null, pre: state('/'), post: state('/'),
    durationMs: 10, ok: true, error: null, result: null, ...s,
  } as HistoryStep;
}

export function history(sessionId: string, steps: StepInput[], extra: Partial<History> = {}): History {
  return {
    version: kHistoryVersion, sessionId, startUrl: `${kOrigin}/login`, recordedAt: '2025-01-01T00:00:00.000Z', viewport: null,
    secrets: [], variables: {}, steps: steps.map((s, i) => step(i, s)), ...extra,
  };
}

const loginSnapshot = `- banner:
  - link "Shop"
- complementary "Sidebar":
  - button "Sign in"
- main:
  - heading "Sign in" [level=1]
  - textbox "Email"
  - textbox "Password"
  - button "Sign in"`;

const dashboardSnapshot = `- banner:
  - navigation "Main":
    - link "Items"
    - link "Settings"
- main:
  - heading "Dashboard" [level=1]
  - link "Items"`;

const itemsSnapshot = `- navigation "Main":
  - link "Items"
- main:
  - heading "Items" [level=1]
  - list:
    - listitem:
      - link "Blue Lamp"
      - button "Details"
    - listitem:
      - link "Red Hammer"
      - button "Details"`;

const settingsSnapshot = `- main:
  - heading "Settings" [level=1]
  - textbox "Display name"
  - combobox "Country"
  - checkbox "Send me the newsletter"
  - radio "Pro"
  - button "Save"`;

const email = fp({ role: 'textbox', name: 'Email', tag: 'input', type: 'email', testId: 'login-email', label: 'Email' });
const password = fp({ role: 'textbox', name: 'Password', tag: 'input', type: 'password', label: 'Password' });
const signIn = fp({ role: 'button', name: 'Sign in', testId: 'login-submit', roleNameIndex: 1, roleNameCount: 2 });
const itemsLink = fp({ role: 'link', name: 'Items', tag: 'a', landmarks: [{ role: 'banner', name: null }, { role: 'navigation', name: 'Main' }], roleNameCount: 2 });
const settingsLink = fp({ role: 'link', name: 'Settings', tag: 'a', landmarks: [{ role: 'navigation', name: 'Main' }] });
const blueLamp = fp({ role: 'link', name: 'Blue Lamp', tag: 'a', hrefPath: '/items/17' });
/** One "Details" button per list item: it belongs to the item, never to the page. */
const details = fp({
  role: 'button', name: 'Details', roleNameIndex: 1, roleNameCount: 2,
  container: { role: 'listitem', tag: 'li', name: null, text: 'Red Hammer 8 EUR', slot: { index: 0, count: 1 }, siblings: 2 },
});
const deleteInFrame = fp({ role: 'button', name: 'Delete', frameChain: [{ selector: 'iframe[title="Danger zone"]', name: null, url: null }] });

/** Signs in (secret password), opens Items, then an item, deletes it from the danger-zone frame. */
export function loginRun(): RunInput {
  const h = history('script-1700000000001', [
    { action: 'input', params: { text: 'ann@example.com' }, fingerprint: email, pre: state('/login'), post: state('/login'),
      locator: { code: "getByTestId('login-email')", matches: 1 } },
    { action: 'input', params: { text: '{{secret:PASSWORD}}' }, fingerprint: password, pre: state('/login'), post: state('/login') },
    { action: 'click', params: {}, fingerprint: signIn, pre: state('/login'), post: state('/') },
    { action: 'click', params: {}, fingerprint: itemsLink, pre: state('/'), post: state('/items') },
    { action: 'click', params: {}, fingerprint: blueLamp, pre: state('/items'), post: state('/items/17') },
    { action: 'click', params: {}, fingerprint: deleteInFrame, pre: state('/items/17'), post: state('/items?deleted=1'),
      locator: { code: "getByRole('button', { name: 'Delete' })", matches: 1 } },
    { action: 'done', params: { text: 'deleted', success: true }, pre: state('/items?deleted=1'), post: state('/items?deleted=1') },
  ], { secrets: ['PASSWORD'] });
  return {
    sessionId: h.sessionId, historyPath: `history/${h.sessionId}.json`, history: h,
    snapshots: [
      { url: `${kOrigin}/login`, title: 'Sign in · Shop', nodes: parseAriaText(loginSnapshot) },
      { url: `${kOrigin}/`, title: 'Dashboard · Shop', nodes: parseAriaText(dashboardSnapshot) },
      { url: `${kOrigin}/items`, title: 'Items · Shop', nodes: parseAriaText(itemsSnapshot) },
    ],
  };
}

/** Opens an item's details (ambiguous button), then changes settings with a variable display name. */
export function settingsRun(): RunInput {
  const h = history('explore-1700000000002', [
    { action: 'navigate', params: { url: `${kOrigin}/items` }, pre: state('/'), post: state('/items') },
    { action: 'click', params: {}, fingerprint: details, pre: state('/items'), post: state('/items/23') },
    { action: 'navigate', params: { url: `${kOrigin}/settings` }, pre: state('/items/23'), post: state('/settings') },
    { action: 'input', params: { text: '{{var:DISPLAY_NAME}}' }, fingerprint: fp({ role: 'textbox', name: 'Display name', tag: 'input' }), pre: state('/settings'), post: state('/settings') },
    { action: 'select_dropdown', params: { text: 'Norway' }, fingerprint: fp({ role: 'combobox', name: 'Country', tag: 'select' }), pre: state('/settings'), post: state('/settings') },
    { action: 'click', params: {}, fingerprint: fp({ role: 'checkbox', name: 'Send me the newsletter', tag: 'input', type: 'checkbox' }),
      targetAfter: { value: 'on', checked: true, selected: null }, pre: state('/settings'), post: state('/settings') },
    { action: 'click', params: {}, fingerprint: fp({ role: 'radio', name: 'Pro', tag: 'input', type: 'radio' }), pre: state('/settings'), post: state('/settings') },
    { action: 'click', params: {}, fingerprint: fp({ role: 'button', name: 'Save', testId: 'settings-save' }), pre: state('/settings'), post: state('/settings', 'Settings saved · Shop', 'Settings saved') },
    { action: 'go_back', params: {}, pre: state('/settings', 'Settings saved · Shop', 'Settings saved'), post: state('/settings') },
    { action: 'click', params: {}, fingerprint: settingsLink, pre: state('/settings'), post: state('/settings'),
      effect: { appeared: ['alert "Your settings are kept"', 'text "Ann Example"', 'button "Undo"', 'text "# changes"'], gone: ['paragraph "Unsaved changes"'] } },
  ], { startUrl: `${kOrigin}/`, variables: { DISPLAY_NAME: 'Ann Example' } });
  return {
    sessionId: h.sessionId, historyPath: `history/${h.sessionId}.json`, history: h,
    snapshots: [
      { url: `${kOrigin}/items`, title: null, nodes: parseAriaText(itemsSnapshot) },
      { url: `${kOrigin}/settings`, title: 'Settings · Shop', nodes: parseAriaText(settingsSnapshot) },
    ],
  };
}

/** One run clicking `target` on each page in turn, each click leading to the next page: for names made of awkward titles and paths. */
export function clickRun(pages: { path: string; title: string; target: Fingerprint }[], sessionId = 'script-1'): RunInput {
  const at = (path: string, title: string): PageState => ({ url: `${kOrigin}${path}`, title, ariaHash: 'h', heading: null, tab: 0, tabCount: 1 });
  const steps = pages.map((page, i) => step(i, {
    action: 'click', params: {}, fingerprint: page.target,
    pre: at(page.path, page.title), post: at(pages[i + 1]?.path ?? page.path, pages[i + 1]?.title ?? page.title),
  }));
  return {
    sessionId, historyPath: null, snapshots: [],
    history: { version: kHistoryVersion, sessionId, startUrl: `${kOrigin}${pages[0]!.path}`, recordedAt: '2025-01-01T00:00:00.000Z', viewport: null, secrets: [], variables: {}, steps },
  };
}
