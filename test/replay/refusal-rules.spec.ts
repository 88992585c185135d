import { expect, test } from '../support/fixtures.ts';
import { peersIn, withMembersAsPeers } from '../../core/aria/peers.ts';
import type { Fingerprint } from '../../core/schema/history.ts';
import { pageLost, type LivePage } from '../../locate/page-identity.ts';
import { agreement, standsAsRecorded, type LiveFeatures } from '../../locate/scoring.ts';

/** The refusal rules in their pure parts: what is and is not evidence for an element under another name. No browser. */

const field: Fingerprint = {
  role: 'textbox', name: 'Email', tag: 'input', testId: null, testIdAttribute: null, id: null, nameAttr: 'email', type: 'email',
  placeholder: null, label: 'Email', text: null, hrefPath: null, title: null, alt: null, ariaLabel: null, icon: null, classes: [],
  frameChain: [], shadowHosts: [], landmarks: [{ role: 'main', name: null }], nearbyHeading: 'Newsletter', nearbyText: null,
  xpath: '/html[1]/body[1]/main[1]/form[1]/input[1]', cssPath: 'html > body > main > form > input', box: { x: 0, y: 0, width: 80, height: 30 },
  roleNameIndex: 0, roleNameCount: 1, state: { value: null, checked: null, selected: null, disabled: false }, container: null, kindPeers: 1,
  peers: ['search'],
};

function live(fp: Fingerprint, overrides: Partial<LiveFeatures>): LiveFeatures {
  const { role, name, frameChain: _f, roleNameIndex: _i, roleNameCount: _c, peers: _p, ...dom } = fp;
  return { ...dom, role, name, frameDepth: 0, visible: true, ...overrides, kindPeers: overrides.kindPeers ?? dom.kindPeers ?? 1 };
}

test('under another name, a form name that is another one contradicts; the same one is evidence', () => {
  const coupon = agreement(field, live(field, { name: 'Coupon code', label: 'Coupon code', nameAttr: 'coupon' }));
  expect(coupon.acceptable).toBe(false);
  expect(coupon.contradictions.join()).toContain('form name coupon is not email');
  const relabelled = agreement(field, live(field, { name: 'E-mail address', label: 'E-mail address' }));
  expect(relabelled.renamed).toBe(true);
  expect(relabelled.evidence).toContain('form name email');
  expect(relabelled.acceptable).toBe(true);
});

test('a renamed element with nothing beyond its name is not acceptable on its own, however close the name', () => {
  const button: Fingerprint = { ...field, role: 'button', name: 'Delete', tag: 'button', type: null, nameAttr: null, label: null, text: 'Delete', peers: [] };
  const longer = agreement(button, live(button, { name: 'Delete now', text: 'Delete now' }));
  expect(longer.renamed).toBe(true);
  expect(longer.evidence).toEqual([]);
  expect(longer.acceptable).toBe(false);
  expect(agreement(button, live(button, {})).acceptable).toBe(true);
});

test('a name another element of the page had when recorded is that element', () => {
  const button: Fingerprint = { ...field, role: 'button', name: 'Delete', tag: 'button', type: null, nameAttr: null, label: null, text: 'Delete', id: 'del', peers: ['delete all'] };
  const all = agreement(button, live(button, { name: 'Delete all', text: 'Delete all', id: 'del-all' }));
  expect(all.contradictions.join()).toContain('"Delete all" was another button of the page when recorded');
  expect(all.acceptable).toBe(false);
  // With the recorded id it is the recorded button, reworded to a name the page had elsewhere ("Edit" -> "Modify").
  const reworded = agreement(button, live(button, { name: 'Delete all', text: 'Delete all' }));
  expect(reworded.contradictions).toEqual([]);
});

test('peers: the other names of the role, nearest first, the own name and look-alikes left out', () => {
  const snapshot = ['- main:', '  - button "Rename" [ref=e1]', '  - button "Delete" [ref=e2]', '  - button "Delete all" [ref=e3]', '  - link "Delete" [ref=e4]', '  - button "Delete" [ref=e5]', '  - button "Export 12 files" [ref=e6]'].join('\n');
  expect(peersIn(snapshot, 'button', 'Delete')).toEqual(['rename', 'delete all', 'export # files']);
  expect(peersIn(snapshot, 'button', 'Delete', 1)).toEqual(['export # files', 'delete all', 'rename']);
  const members = [{ ...field, role: 'button', name: 'Save' }, { ...field, name: 'Email' }, { ...field, name: 'Phone' }];
  expect(withMembersAsPeers(field, members).peers).toEqual(['search', 'phone']);
});

const names = (...list: string[]): ReadonlySet<string> => new Set(list);

test('page identity: another page lost its heading and what was recorded on it; a reworded or translated one did not', () => {
  const recorded = { title: 'Settings', heading: 'Settings', lang: 'en', names: ['Display name', 'Save'] };
  const signIn: LivePage = { title: 'Sign in', heading: 'Sign in', lang: 'en', names: names('username', 'sign in') };
  expect(pageLost(recorded, signIn)).toMatch(/title "Settings" \(now "Sign in"\), the heading "Settings" \(now "Sign in"\), 2 of 2 elements recorded there/);
  // A title kept (the app's name on every page) leaves the elements' own rules to refuse.
  expect(pageLost({ ...recorded, title: 'Account' }, { ...signIn, title: 'Account' })).toBeNull();
  // Unknown title (a page object's member): the heading and the names decide.
  expect(pageLost({ ...recorded, title: null }, signIn)).toMatch(/^another page: it lost the heading/);
  // The same page with its heading and one control reworded keeps most of what was recorded.
  expect(pageLost({ ...recorded, names: ['Display name', 'Save', 'Cancel', 'Help'] }, { ...signIn, heading: 'Preferences', names: names('display name', 'store', 'cancel', 'help') })).toBeNull();
  // Its heading kept: the same page whatever else changed.
  expect(pageLost(recorded, { ...signIn, heading: 'Settings' })).toBeNull();
  // Translated: its language changed, its words are not compared.
  expect(pageLost(recorded, { ...signIn, lang: 'de', heading: 'Einstellungen', names: names('anzeigename', 'speichern') })).toBeNull();
  // Nothing recorded by name: the title decides with the heading.
  expect(pageLost({ ...recorded, names: [] }, signIn)).toMatch(/title "Settings"/);
  expect(pageLost({ ...recorded, title: null, names: [] }, signIn)).toBeNull();
});

test('a link to the page itself (an in-page anchor, a script\'s link) is no evidence: every such link shares that target', () => {
  const link: Fingerprint = { ...field, role: 'link', name: 'Tasks', tag: 'a', type: null, nameAttr: null, label: null, text: 'Tasks', hrefPath: '/wiki.html', peers: ['beds'] };
  const beds = agreement(link, live(link, { name: 'Beds', text: 'Beds' }), { pageAddress: ['/wiki.html', 'http://127.0.0.1/wiki.html'] });
  expect(beds.evidence).toEqual([]);
  expect(beds.contradictions.join()).toContain('"Beds" was another link of the page when recorded');
  // A target of its own is evidence, and explains a reword that met another element's old name.
  const own = { ...link, hrefPath: '/edit?id=2' };
  expect(agreement(own, live(own, { name: 'Beds', text: 'Beds' }), { pageAddress: ['/wiki.html'] }).contradictions).toEqual([]);
});

test('an id a framework counted out or hashed is no identity: the same counter on another field is no evidence, another counter no contradiction', () => {
  // A release added a field before it: Angular Material's mat-input-0 now belongs to "Coupon code".
  const counted: Fingerprint = { ...field, id: 'mat-input-0', nameAttr: null };
  const other = agreement(counted, live(counted, { name: 'Coupon code', label: 'Coupon code' }));
  expect(other.renamed).toBe(true);
  expect(other.evidence).toEqual([]);
  expect(other.acceptable).toBe(false);
  // ExtJS counts with a word in front: ext-gen48 and ext-gen52 are two elements, not one stem.
  const extjs: Fingerprint = { ...field, role: 'button', name: 'Add', tag: 'button', type: null, nameAttr: null, label: null, text: 'Add', id: 'ext-gen48', peers: [] };
  const next = agreement(extjs, live(extjs, { name: 'Remove', text: 'Remove', id: 'ext-gen48' }));
  expect(next.evidence).toEqual([]);
  expect(next.acceptable).toBe(false);
  const recounted = agreement(extjs, live(extjs, { name: 'Add item', text: 'Add item', id: 'ext-gen52' }));
  expect(recounted.evidence).toEqual([]);
  expect(recounted.contradictions).toEqual([]);
  // An id a person wrote still is: relabelled, its id kept.
  const written: Fingerprint = { ...field, id: 'newsletter-email', nameAttr: null };
  expect(agreement(written, live(written, { name: 'E-mail address', label: 'E-mail address' })).evidence).toEqual(['id newsletter-email']);
});

test('a link whose query differs only by where the app is deployed is the same link; another file or record is not', () => {
  const link: Fingerprint = { ...field, role: 'link', name: 'beds', tag: 'a', type: null, nameAttr: null, label: null, text: 'beds', hrefPath: '/?database=/var/lib/garden/garden.sqlite&table=beds', peers: ['plots'] };
  const moved = agreement(link, live(link, { hrefPath: '/?database=/tmp/deploy-2/data/garden.sqlite&table=beds' }));
  expect(moved.contradictions).toEqual([]);
  expect(moved.evidence).toContain('link target /?database=/var/lib/garden/garden.sqlite&table=beds');
  expect(moved.acceptable).toBe(true);
  // Renamed too, the target still says which link it is.
  expect(agreement(link, live(link, { name: 'Beds table', text: 'Beds table', hrefPath: '/?database=/srv/garden/garden.sqlite&table=beds' })).acceptable).toBe(true);
  // Another database, or another table of it, is another link.
  const otherFile = agreement(link, live(link, { name: 'Beds table', text: 'Beds table', hrefPath: '/?database=/srv/garden/archive.sqlite&table=beds' }));
  expect(otherFile.acceptable).toBe(false);
  expect(otherFile.contradictions.join()).toContain('links to');
  expect(agreement(link, live(link, { name: 'Beds table', text: 'Beds table', hrefPath: '/?database=/srv/garden/garden.sqlite&table=plots' })).acceptable).toBe(false);
  // A callback address on another host and port is the same one.
  const back: Fingerprint = { ...link, hrefPath: '/login?next=http://127.0.0.1:8080/beds' };
  expect(agreement(back, live(back, { hrefPath: '/login?next=http://ci-host:9090/beds' })).contradictions).toEqual([]);
});

test('an element nothing names (a plain editor) that now has a caption of its own is renamed: it needs evidence', () => {
  const editor: Fingerprint = { ...field, role: null, name: '', tag: 'pre', type: null, nameAttr: null, label: null, placeholder: null, ariaLabel: null, classes: ['sqlarea', 'jush'], peers: [] };
  const named = agreement(editor, live(editor, { ariaLabel: 'Newsletter' }));
  expect(named.renamed).toBe(true);
  expect(standsAsRecorded(named)).toBe(false);
  // Its content changed (typing does that): it still stands as the recorded editor where its locator finds it.
  const typed = agreement(editor, live(editor, { text: 'SELECT 1' }));
  expect(typed.renamed).toBe(false);
  expect(standsAsRecorded(typed)).toBe(true);
  // A caption it had, kept, is no change.
  const captioned: Fingerprint = { ...editor, ariaLabel: 'Query' };
  expect(agreement(captioned, live(captioned, {})).renamed).toBe(false);
});

test('a name it lost is a change of name: a nameless link where a named one was needs evidence, and another target contradicts', () => {
  const link: Fingerprint = { ...field, role: 'link', name: 'SQL command', tag: 'a', type: null, nameAttr: null, label: null, text: 'SQL command', hrefPath: '/index.php?db=garden.db&sql=', landmarks: [], peers: ['import', 'export'] };
  // An empty link elsewhere (filled in by a script only when an update is out) is not the recorded one.
  const empty = agreement(link, live(link, { name: '', text: '', hrefPath: 'https://www.example.org/#download', id: 'version' }));
  expect(empty.renamed).toBe(true);
  expect(empty.contradictions.join()).toContain('renamed, and it links to https://www.example.org/#download');
  expect(empty.acceptable).toBe(false);
  expect(standsAsRecorded(empty)).toBe(false);
  // Its caption replaced by an icon, its target kept: the target is the evidence.
  const icon = agreement(link, live(link, { name: '', text: '', icon: 'svg:terminal' }));
  expect(icon.renamed).toBe(true);
  expect(icon.evidence).toContain('link target /index.php?db=garden.db&sql=');
  expect(standsAsRecorded(icon)).toBe(true);
  // An element of no role was recorded under its text; nothing names it live, and that is no lost name.
  const span: Fingerprint = { ...link, role: null, tag: 'span', name: 'Plants', text: 'Plants', hrefPath: null };
  const same = agreement(span, live(span, { role: null, name: '' }));
  expect(same.renamed).toBe(false);
  expect(standsAsRecorded(same)).toBe(true);
});
