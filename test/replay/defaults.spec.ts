import { expect, test } from '../support/fixtures.ts';
import type { Fingerprint } from '../../core/schema/history.ts';
import { replay } from '../../replay/replay.ts';
import { pickCandidate } from '../../locate/pick.ts';
import { agreement, effectiveType, type LiveFeatures } from '../../locate/scoring.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * An attribute left at its default is the default: an input without `type` is a text input, a
 * button without `type` submits its form. Another rendering of the same page that spells the
 * default out is the same page, not a contradiction.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

const field = (type: string) =>
  `<input${type} class="new" placeholder="New entry" onkeydown="if (event.key === 'Enter') act('add ' + this.value)">`;
const page = (type: string) => htmlPage('Entries', `<header><h1>Entries</h1>${field(type)}</header>
  <main><input type="search" placeholder="Filter" onkeydown="if (event.key === 'Enter') act('filter ' + this.value)"><ul><li>First</li></ul></main>`);

for (const [recorded, now] of [['', ' type="text"'], [' type="text"', ''], ['', ' type="TEXT"']] as const) {
  test(`an input recorded as <input${recorded}> is the input now written <input${now}>`, async ({ browser, page: tab }) => {
    site = await startPagesSite(() => page(recorded));
    const history = await recordOn(browser, site.url, [
      { action: 'input', params: { text: 'Milk' }, target: (p) => p.getByPlaceholder('New entry') },
      { action: 'send_keys', params: { keys: 'Enter' } },
    ]);
    expect(site.state.log).toEqual(['add Milk']);
    site.state.log = [];
    site.state.render = () => page(now);
    const { report } = await replay(tab, history, { replayId: 'defaults', findTimeoutMs: 1_500 });
    expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
    expect(report.steps[0]!.level).toBe('recorded');
    expect(site.state.log).toEqual(['add Milk']);
  });
}

const base: Fingerprint = {
  role: 'button', name: 'Save', tag: 'button', testId: null, testIdAttribute: null, id: null, nameAttr: null, type: null,
  placeholder: null, label: null, text: 'Save', hrefPath: null, title: null, alt: null, ariaLabel: null, icon: null, classes: [],
  frameChain: [], shadowHosts: [], landmarks: [{ role: 'main', name: null }], nearbyHeading: 'Edit', nearbyText: null,
  xpath: '/html[1]/body[1]/main[1]/form[1]/button[1]', cssPath: 'html > body > main > form > button', box: { x: 0, y: 0, width: 80, height: 30 },
  roleNameIndex: 0, roleNameCount: 1, state: { value: null, checked: null, selected: null, disabled: false }, container: null, kindPeers: 2,
};
const liveButton = (name: string, type: string | null, xpath: string): LiveFeatures => {
  const { frameChain: _f, roleNameIndex: _i, roleNameCount: _c, ...dom } = base;
  return { ...dom, name, text: name, type, xpath, cssPath: 'x', frameDepth: 0, visible: true, kindPeers: 2 };
};

test('defaults: the effective type of inputs and buttons', () => {
  expect(effectiveType('input', null)).toBe('text');
  expect(effectiveType('input', 'Text')).toBe('text');
  expect(effectiveType('input', 'bogus')).toBe('text');
  expect(effectiveType('input', 'password')).toBe('password');
  expect(effectiveType('button', null)).toBe('submit');
  expect(effectiveType('button', 'button')).toBe('button');
  expect(effectiveType('a', null)).toBeNull();
});

test('a button recorded without a type is the submit button, not the plain one beside it', () => {
  // Recorded `<button>Save</button>` in a form; now `<button type="submit">Save changes</button>`
  // next to `<button type="reset">Save draft</button>`: the type tells them apart.
  const submit = { item: 'submit', agreement: agreement(base, liveButton('Save changes', 'submit', '/html[1]/body[1]/main[1]/form[1]/button[2]')) };
  const reset = { item: 'reset', agreement: agreement(base, liveButton('Save draft', 'reset', '/html[1]/body[1]/main[1]/form[1]/button[1]')) };
  expect(submit.agreement.sameKind).toBe(true);
  expect(reset.agreement.sameKind).toBe(false);
  const pick = pickCandidate([reset, submit], { exhaustive: true });
  expect(pick.kind === 'unique' && pick.winner.item, JSON.stringify(pick)).toBe('submit');
  // An explicit plain button and an untyped one agree (outside a form both do nothing of their own).
  expect(agreement({ ...base, type: 'button' }, liveButton('Save', null, base.xpath)).contradictions).toEqual([]);
  expect(agreement({ ...base, type: 'button' }, liveButton('Save', null, base.xpath)).sameKind).toBe(true);
  // An explicit submit against an explicit plain button still counts against it.
  expect(agreement({ ...base, type: 'submit' }, liveButton('Save', 'button', base.xpath)).sameKind).toBe(false);
});
