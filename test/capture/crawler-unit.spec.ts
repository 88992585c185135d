import { expect, test } from '../support/fixtures.ts';
import { CrawlerPolicy } from '../../capture/policies/crawler.ts';
import { isDestructive, isDestructiveText } from '../../capture/policies/crawler/destructive.ts';
import { fillActions } from '../../capture/policies/crawler/fill.ts';
import { fieldKind, firstRealOption, plausibleValue, valueFor } from '../../capture/policies/crawler/form-values.ts';
import { Frontier } from '../../capture/policies/crawler/frontier.ts';
import { deriveMoves, isInPageAnchor, resolveAddress, urlPattern } from '../../capture/policies/crawler/moves.ts';
import { crawlerStateKey, withoutFieldValues } from '../../capture/policies/crawler/state-key.ts';
import type { Decision, ElementInfo } from '../../capture/types.ts';

/** Pure parts of the crawler, without a browser: filters, form values, moves, frontier, policy. */

function el(index: number, role: string, name: string, attributes: Record<string, string> = {}): ElementInfo {
  return { index, ref: `e${index}`, role, name, tag: 'div', attributes, isNew: false, container: null, inViewport: true };
}

const kBase = 'http://127.0.0.1:8080/';
const kAllow = ['127.0.0.1'];

test.describe('destructive filter', () => {
  test('names and link targets that delete, end the session or spend money', () => {
    for (const name of ['Delete', 'Delete item', 'Remove', 'Log out', 'Logout', 'LogOut', 'Sign out', 'sign-out', 'Pay now', 'Purchase', 'Unsubscribe', 'Deactivate account', 'Destroy', 'Reset settings', 'Cancel subscription', 'Exit application', 'Quit', 'Shut down', 'Restart server']) {
      expect(isDestructiveText(name), name).toBe(true);
    }
    expect(isDestructive({ name: 'Leave', href: '/logout' })).toBe(true);
    expect(isDestructive({ name: 'Log Out', href: '/doku.php?id=start&do=logout' })).toBe(true);
    expect(isDestructive({ name: 'Remove row', href: undefined })).toBe(true);
  });

  test('words that merely contain a destructive verb pass', () => {
    for (const name of ['Deleted items', 'Payments', 'Removal policy', 'Items', 'Settings', 'Sign in', 'Display options', 'Dropdown', 'Exits and entrances', 'Quitting tips', 'Restarts']) {
      expect(isDestructiveText(name), name).toBe(false);
    }
    expect(isDestructive({ name: 'Items', href: '/items?page=2' })).toBe(false);
  });
});

test.describe('form values', () => {
  test('kinds come from the input type, the role, then the label', () => {
    expect(fieldKind({ role: 'textbox', name: 'Email' })).toBe('email');
    expect(fieldKind({ role: 'textbox', name: 'Password' })).toBe('password');
    expect(fieldKind({ role: 'textbox', name: 'Contact', type: 'tel' })).toBe('tel');
    expect(fieldKind({ role: 'spinbutton', name: 'Quantity' })).toBe('number');
    expect(fieldKind({ role: 'spinbutton', name: 'Pieces' })).toBe('number');
    expect(fieldKind({ role: 'searchbox', name: 'Anything' })).toBe('search');
    expect(fieldKind({ role: 'textbox', name: 'Birthday' })).toBe('date');
    expect(fieldKind({ role: 'textbox', name: 'Website' })).toBe('url');
    expect(fieldKind({ role: 'textbox', name: 'Favourite colour' })).toBe('text');
    expect(plausibleValue({ role: 'textbox', name: 'Email' })).toBe('user@example.com');
    expect(plausibleValue({ role: 'textbox', name: 'Title' })).toBe('Sample title');
    expect(plausibleValue({ role: 'textbox', name: 'Display name' })).toBe('Alex Doe');
  });

  test('given values beat plausible ones; secrets stay placeholders', () => {
    const known = { fills: { 'E-mail': 'ann@example.com' }, secrets: ['password'] };
    expect(valueFor({ role: 'textbox', name: 'Email' }, known)).toEqual({ text: 'ann@example.com', source: 'fill' });
    expect(valueFor({ role: 'textbox', name: 'Your password' }, known)).toEqual({ text: '{{secret:password}}', source: 'secret' });
    expect(valueFor({ role: 'textbox', name: 'Login', placeholder: 'email' }, known)?.source).toBe('fill');
    expect(valueFor({ role: 'textbox', name: 'City' }, known)).toEqual({ text: 'Oslo', source: 'default' });
  });

  test('selects pick the first real option', () => {
    expect(firstRealOption(['', '-- choose --', 'Select a country', 'Norway', 'Sweden'])).toBe('Norway');
    expect(firstRealOption(['Free', 'Pro'])).toBe('Free');
    expect(firstRealOption(['', '---'])).toBeNull();
  });

  test('a form is filled field by field, checkboxes toggled, a radio group chosen once', () => {
    const elements = [
      el(1, 'textbox', 'Email'), el(2, 'combobox', 'Country'), el(3, 'checkbox', 'Newsletter'),
      el(4, 'radio', 'Free'), el(5, 'radio', 'Pro'), el(6, 'textbox', 'Locked', { disabled: 'true' }), el(7, 'button', 'Save'),
    ];
    const snapshot = '- combobox "Country" [ref=e2]:\n  - option "Choose…" [selected]\n  - option "Norway"\n  - option "Sweden"';
    const plan = fillActions(elements, snapshot, { fills: {}, secrets: [] });
    expect(plan.actions).toEqual([
      { action: 'input', params: { text: 'user@example.com', clear: true }, index: 1 },
      { action: 'select_dropdown', params: { text: 'Norway' }, index: 2 },
      { action: 'click', params: {}, index: 3 },
      { action: 'click', params: {}, index: 4 },
    ]);
  });
});

test.describe('moves', () => {
  test('links stay on allowed hosts, skip destructive and same-page targets; submits fill first', () => {
    const elements = [
      el(1, 'link', 'Home', { href: '/' }), el(2, 'link', 'Items', { href: '/items' }), el(3, 'link', 'Elsewhere', { href: 'https://example.org/' }),
      el(4, 'link', 'Mail', { href: 'mailto:a@b.c' }), el(5, 'link', 'Log out', { href: '/logout' }), el(6, 'textbox', 'Search'),
      el(7, 'button', 'Search'), el(8, 'button', 'Delete'), el(9, 'button', 'Open'), el(10, 'button', 'Open'), el(11, 'link', 'Top', { href: '#top' }),
    ];
    const { moves, skipped } = deriveMoves(elements, kBase, { allow: kAllow, allowDestructive: false });
    expect(moves.map((m) => `${m.kind} ${m.address.name}#${m.address.occurrence}${m.repeated ? ' (repeat)' : ''}`)).toEqual([
      'link items#0', 'submit search#0', 'click open#0', 'click open#1 (repeat)',
    ]);
    expect(skipped.map((s) => `${s.label}: ${s.reason}`)).toEqual([
      'link "Home": same-page', 'link "Elsewhere": external', 'link "Mail": not-http', 'link "Log out": destructive', 'button "Delete": destructive', 'link "Top": same-page',
    ]);
    const all = deriveMoves(elements, kBase, { allow: kAllow, allowDestructive: true }).moves.map((m) => m.address.name);
    expect(all).toContain('delete');
    expect(all).toContain('log out');
  });

  test('a link that goes nowhere (empty, a bare #, javascript:) is clicked like a button; an anchor is the same page', () => {
    const elements = [
      el(1, 'link', 'Create new collection', { href: '' }), el(2, 'link', 'Menu', { href: '#' }), el(3, 'link', 'More', { href: 'javascript:void(0)' }),
      el(4, 'link', 'Top', { href: '#top' }), el(5, 'link', 'Delete', { href: '' }),
    ];
    const { moves, skipped } = deriveMoves(elements, kBase, { allow: kAllow, allowDestructive: false });
    expect(moves.map((m) => `${m.kind} ${m.address.role} ${m.address.name}`)).toEqual(['click link create new collection', 'click link menu', 'click link more']);
    expect(skipped.map((s) => `${s.label}: ${s.reason}`)).toEqual(['link "Top": same-page', 'link "Delete": destructive']);
  });

  test('a link to a place in the page is no move on any page address, hash routes aside', () => {
    expect(isInPageAnchor('#main', 'http://h/post')).toBe(true);
    expect(isInPageAnchor('/post#main', 'http://h/post')).toBe(true);
    expect(isInPageAnchor('#main', 'http://h/app/#/posts')).toBe(true);
    expect(isInPageAnchor('/posts#main', 'http://h/post')).toBe(false);
    expect(isInPageAnchor('#/posts', 'http://h/app/')).toBe(false);
    expect(isInPageAnchor('/post', 'http://h/post')).toBe(false);
    const skip = el(1, 'link', 'Skip to content', { href: '/post#main' });
    expect(deriveMoves([skip], 'http://h/post#/x', { allow: ['h'], allowDestructive: false }).skipped.map((s) => s.reason)).toEqual(['same-page']);
  });

  test("a link move is found by its target and name, never by a skip link that reads as the page's own address", () => {
    // The move was derived at / and is resolved at /post, where the skip links normalize to /post too.
    const [move] = deriveMoves([el(1, 'link', 'Add post', { href: '/post' })], kBase, { allow: kAllow, allowDestructive: false }).moves;
    const at = `${kBase}post`;
    const page = [el(1, 'link', 'Skip to content', { href: '#main' }), el(2, 'link', 'Skip to editor', { href: '/post#editor' }), el(3, 'link', 'New', { href: '/post' }), el(4, 'link', 'Add post', { href: '/post' })];
    expect(resolveAddress(page, move!.address, at)?.name).toBe('Add post');
    // Renamed, it is still found by its target; with only the skip links left, it is gone.
    expect(resolveAddress(page.filter((e) => e.name !== 'Add post'), move!.address, at)?.name).toBe('New');
    expect(resolveAddress(page.slice(0, 2), move!.address, at)).toBeNull();
  });

  test('url patterns generalize ids and numeric query values only', () => {
    expect(urlPattern('http://h/items/12?page=3&q=lamp')).toBe('http://h/items/#?page=#&q=lamp');
    expect(urlPattern('http://h/doku.php?do=recent&id=start')).toBe('http://h/doku.php?do=recent&id=start');
  });
});

test.describe('state key', () => {
  test('typed values, ticks and clocks do not make a new state; another control does', () => {
    const page = (email: string, checked: string, time: string, extra = '') =>
      `- heading "Sign up" [level=1] [ref=e1]\n- textbox "Email" [ref=e2]${email}\n- checkbox "News"${checked} [ref=e3]\n- text: Updated ${time}${extra}`;
    const key = (snapshot: string) => crawlerStateKey({ ariaSnapshot: snapshot, stateHash: 'unused' });
    expect(withoutFieldValues('- textbox "Email" [ref=e2]: ann@example.com')).toBe('- textbox "Email" [ref=e2]');
    expect(key(page('', '', '10:30'))).toBe(key(page(': user@example.com', ' [checked]', '11:45')));
    expect(key(page('', '', '10:30'))).not.toBe(key(page('', '', '10:30', '\n- button "Delete" [ref=e4]')));
    expect(crawlerStateKey({ ariaSnapshot: '', stateHash: 'h1' })).toBe('h1');
  });
});

test.describe('frontier', () => {
  const move = (key: string, extra: Partial<import('../../capture/policies/crawler/moves.ts').Move> = {}) => ({
    key, kind: 'click' as const, label: key, address: { role: 'button', name: key, occurrence: 0 }, repeated: false, ...extra,
  });

  test('current state first, then the oldest state with moves left, repeats last', () => {
    const frontier = new Frontier({ perStateBudget: 2, maxReturnFailures: 2 });
    const a = frontier.observe('A', 'http://h/a', 'A', [move('a1'), move('a2'), move('a3'), move('a-rep', { repeated: true })]).state;
    const b = frontier.observe('B', 'http://h/b', 'B', [move('b1')]).state;
    expect(frontier.choose(b)).toMatchObject({ kind: 'move', move: { key: 'b1' } });
    frontier.markTried(b, b.moves[0]!);
    expect(frontier.choose(b)).toMatchObject({ kind: 'return', state: { key: 'A' } });
    frontier.markTried(a, a.moves[0]!);
    frontier.markTried(a, a.moves[1]!);
    // Budget of two spent: a3 and the repeat stay untried.
    expect(frontier.choose(a)).toEqual({ kind: 'empty' });
  });

  test('a state that cannot be reached again is given up', () => {
    const frontier = new Frontier({ perStateBudget: 5, maxReturnFailures: 2 });
    const a = frontier.observe('A', 'http://h/a', 'A', [move('a1')]).state;
    const b = frontier.observe('B', 'http://h/b', 'B', []).state;
    expect(frontier.returnFailed(a)).toBe(false);
    expect(frontier.returnFailed(a)).toBe(true);
    expect(frontier.choose(b)).toEqual({ kind: 'empty' });
  });

  test('a link whose holders are spent is visited by URL; a link is followed once per crawl', () => {
    const frontier = new Frontier({ perStateBudget: 1, maxReturnFailures: 2 });
    const link = (href: string) => ({ key: `link ${href}`, kind: 'link' as const, label: href, address: { role: 'link', name: href, occurrence: 0, href }, pattern: href, repeated: false });
    const a = frontier.observe('A', 'http://h/', 'A', [link('http://h/x'), link('http://h/y')]).state;
    const b = frontier.observe('B', 'http://h/x', 'B', [link('http://h/x')]).state;
    frontier.markTried(a, a.moves[0]!);
    expect(frontier.choose(b)).toEqual({ kind: 'visit', url: 'http://h/y', move: a.moves[1] });
  });
});

/** A tiny app as a state machine: pages with elements; clicks follow `to`. */
interface FakePage {
  url: string;
  elements: [role: string, name: string, attrs: Record<string, string>, to?: string][];
}


test.describe('crawler policy', () => {
  const app: Record<string, FakePage> = {
    home: { url: 'http://127.0.0.1:8080/', elements: [['link', 'About', { href: '/about' }, 'about'], ['link', 'Contact', { href: '/contact' }, 'contact'], ['button', 'Log out', {}, 'home']] },
    about: { url: 'http://127.0.0.1:8080/about', elements: [['link', 'Home', { href: '/' }, 'home'], ['link', 'Team', { href: '/team' }, 'team'], ['link', 'External', { href: 'https://example.org/' }]] },
    contact: { url: 'http://127.0.0.1:8080/contact', elements: [['textbox', 'Email', {}], ['button', 'Send', {}, 'sent']] },
    team: { url: 'http://127.0.0.1:8080/team', elements: [['link', 'Home', { href: '/' }, 'home']] },
    sent: { url: 'http://127.0.0.1:8080/contact', elements: [['link', 'Home', { href: '/' }, 'home']] },
  };

  async function crawl(maxSteps = 40): Promise<{ trail: string[]; actions: string[]; stop: Decision }> {
    const policy = new CrawlerPolicy({ allow: kAllow });
    const byUrl = new Map(Object.entries(app).filter(([key]) => key !== 'sent').map(([key, page]) => [page.url, key]));
    let current = 'home';
    const back: string[] = [];
    const trail: string[] = [];
    const actions: string[] = [];
    for (let step = 1; step <= maxSteps; step++) {
      const page = app[current]!;
      const elements = page.elements.map(([role, name, attrs], i) => el(i + 1, role, name, attrs));
      trail.push(current);
      const decision = await policy.decide({
        step, url: page.url, title: current, tabs: [], activeTab: 0, ariaSnapshot: '', stateHash: current, elements, text: '',
        scroll: { y: 0, viewportHeight: 0, pageHeight: 0, pixelsAbove: 0, pixelsBelow: 0 }, lastResults: [],
      });
      if (decision.kind === 'stop') return { trail, actions, stop: decision };
      for (const call of decision.actions) {
        actions.push(`${call.action}${call.index ? ` ${page.elements[call.index - 1]![1]}` : ''}${call.params.url ? ` ${String(call.params.url)}` : ''}`);
        const next = call.action === 'navigate' ? byUrl.get(String(call.params.url)) : call.action === 'go_back' ? back.pop() : call.index ? page.elements[call.index - 1]![3] : undefined;
        if (next && next !== current) {
          if (call.action !== 'go_back') back.push(current);
          current = next;
        }
      }
    }
    return { trail, actions, stop: { kind: 'stop', reason: 'maxSteps', text: '' } };
  }

  test('visits every state, fills and sends the form, never logs out, ends with an empty frontier', async () => {
    const { trail, actions, stop } = await crawl();
    expect(new Set(trail)).toEqual(new Set(['home', 'about', 'contact', 'team', 'sent']));
    expect(stop).toMatchObject({ kind: 'stop', reason: 'frontier-empty' });
    expect(actions).toContain('input Email');
    expect(actions.indexOf('click Send')).toBe(actions.indexOf('input Email') + 1);
    expect(actions.some((a) => a.includes('Log out'))).toBe(false);
    expect(actions.some((a) => a.includes('example.org'))).toBe(false);
  });

  test('two crawls of the same app take the same path', async () => {
    const first = await crawl();
    const second = await crawl();
    expect(second.trail).toEqual(first.trail);
    expect(second.actions).toEqual(first.actions);
  });

  test('a state that keeps leading back stops the walk with maxLoopHits', async () => {
    const policy = new CrawlerPolicy({ allow: kAllow, maxLoopHits: 2, maxReturnFailures: 100 });
    const observe = (key: string, step: number, url: string, elements: ElementInfo[]) =>
      policy.decide({
        step, url, title: key, tabs: [], activeTab: 0, ariaSnapshot: '', stateHash: key, elements, text: '',
        scroll: { y: 0, viewportHeight: 0, pageHeight: 0, pixelsAbove: 0, pixelsBelow: 0 }, lastResults: [],
      });
    // A page whose button leads to a state that URL navigation can never reproduce.
    await observe('A', 1, 'http://127.0.0.1:8080/a', [el(1, 'button', 'Go'), el(2, 'button', 'Other')]);
    let decision: Decision = await observe('B', 2, 'http://127.0.0.1:8080/b', []);
    for (let step = 3; step < 20 && decision.kind === 'act'; step++) decision = await observe('B', step, 'http://127.0.0.1:8080/b', []);
    expect(decision).toMatchObject({ kind: 'stop', reason: 'maxLoopHits' });
  });
});
