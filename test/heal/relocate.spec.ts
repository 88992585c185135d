import { expect, test } from '../support/fixtures.ts';
import { takeFingerprint } from '../../core/fingerprint/take.ts';
import { locatorFromCode } from '../../core/locator/build.ts';
import { itemLocator } from '../../heal/item-locator.ts';
import { relocate } from '../../heal/relocate.ts';

/**
 * heal's relocate on small pages: the element recorded on one page, re-found on its changed
 * version. A look-alike copied elsewhere leaves the element alone only inside its landmark; an
 * element of one list item is re-found inside that item and written relative to it.
 */

const kOrigin = 'http://127.0.0.1/';

test('a same-named copy in a sidebar: the new locator is the name inside the element\'s own landmark, and finds it alone', async ({ page }) => {
  await page.setContent('<header><a href="/login">Log In</a></header><main><h1>Wiki</h1><form role="search" aria-label="Site"><input name="q"><button>Search</button></form></main>');
  const link = await takeFingerprint(page.getByRole('link', { name: 'Log In' }));
  const button = await takeFingerprint(page.getByRole('button', { name: 'Search' }));
  await page.setContent('<header><a href="/login">Log In</a></header><main><h1>Wiki</h1><form role="search" aria-label="Site"><input name="q"><button>Search</button></form></main>'
    + '<aside aria-label="Suggestions"><a href="/other">Log In</a><button>Search</button></aside>');
  const input = { heading: 'Wiki', testIdAttribute: 'data-testid', pageUrl: kOrigin };
  const healedLink = await relocate(page, { ...input, fingerprint: link, current: "getByRole('link', { name: 'Log In' })" });
  expect(healedLink).toMatchObject({ ok: true, code: "getByRole('banner').getByRole('link', { name: 'Log In' })" });
  const healedButton = await relocate(page, { ...input, fingerprint: button, current: "getByRole('button', { name: 'Search' })" });
  expect(healedButton).toMatchObject({ ok: true, code: "getByRole('search', { name: 'Site' }).getByRole('button', { name: 'Search' })" });
  for (const healed of [healedLink, healedButton]) {
    if (!healed.ok) continue;
    const found = await locatorFromCode(page, healed.code).evaluateAll((els) => els.map((el) => Boolean(el.closest('aside'))));
    expect(found).toEqual([false]);
  }
});

test('a copy of an exactly named link outside its landmark: the code as written, inside the landmark; a copy in the same landmark is refused', async ({ page }) => {
  const site = (copy: string) => `<header><nav aria-label="Site tools"><a href="/sitemap">Sitemap</a> <a href="/recent">Recent changes</a>${copy}</nav></header><main><h1>Wiki</h1></main>`;
  await page.setContent(site(''));
  const link = await takeFingerprint(page.getByRole('link', { name: 'Sitemap', exact: true }));
  const input = { heading: 'Wiki', testIdAttribute: 'data-testid', pageUrl: kOrigin, fingerprint: link, current: "getByRole('link', { name: 'Sitemap', exact: true })" };
  await page.setContent(`${site('')}<aside aria-label="Popular"><a href="/sitemap-old">Sitemap</a></aside>`);
  const healed = await relocate(page, input);
  // Its exact name as written stays: a helper's parameter written there is kept.
  expect(healed).toMatchObject({ ok: true, code: "getByRole('navigation', { name: 'Site tools' }).getByRole('link', { name: 'Sitemap', exact: true })" });
  if (healed.ok) expect(await locatorFromCode(page, healed.code).evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual(['/sitemap']);
  // The same link twice in the same tools: nothing tells them apart but their order.
  await page.setContent(site(' <a href="/sitemap">Sitemap</a>'));
  const refused = await relocate(page, input);
  expect(refused.ok, JSON.stringify(refused)).toBe(false);
});

test('an element of one list item: re-found inside that item, written relative to it; another item\'s look-alike is never taken', async ({ page }) => {
  const list = (remove: string) => `<main><h1>Groceries</h1><ul aria-label="Shopping">${['Milk', 'Bread', 'Eggs'].map((item) => `<li>${item} <button data-item="${item}">${remove}</button></li>`).join('')}</ul></main>`;
  await page.setContent(list('Remove'));
  const bread = await takeFingerprint(page.getByRole('listitem').filter({ hasText: 'Bread' }).getByRole('button'));
  await page.setContent(list('Drop'));
  const item = "getByRole('listitem').filter({ hasText: 'Bread' })";
  const healed = await relocate(page, { fingerprint: bread, current: "getByRole('button', { name: 'Remove' })", heading: 'Groceries', testIdAttribute: 'data-testid', pageUrl: kOrigin, item });
  expect(healed.ok, JSON.stringify(healed)).toBe(true);
  if (!healed.ok) return;
  expect(healed.code).not.toContain('listitem');
  const found = await locatorFromCode(page, `${item}.${healed.code}`).evaluateAll((els) => els.map((el) => el.getAttribute('data-item')));
  expect(found).toEqual(['Bread']);

  // The item the spec looks for is gone: nothing is re-found elsewhere.
  await page.setContent(list('Drop').replace('Bread', 'Rye'));
  const gone = await relocate(page, { fingerprint: bread, current: "getByRole('button', { name: 'Remove' })", heading: 'Groceries', testIdAttribute: 'data-testid', pageUrl: kOrigin, item });
  expect(gone).toEqual({ ok: false, reason: expect.stringContaining('finds 0 items') });
});

test('the link that shows its item\'s key, given another accessible name: re-found in its item and written by the item\'s text where its class keeps it', async ({ page }) => {
  const table = (cell: (name: string) => string) => `<main><h1>Databases</h1><table><tr><th>Name</th><th>Actions</th></tr>${['garden', 'kitchen'].map((name) => `<tr><td>${cell(name)}</td><td><a href="/${name}/permissions">Permissions</a></td></tr>`).join('')}</table></main>`;
  // Links resolve through the app's address, as in a trace's snapshot shown back.
  const base = `<base href="${kOrigin}">`;
  await page.setContent(base + table((name) => `<a href="/${name}">${name}</a>`));
  // Capture keeps a same-origin link's target as its path, as here.
  const garden = { ...(await takeFingerprint(page.getByRole('link', { name: 'garden', exact: true }))), hrefPath: '/garden' };
  await page.setContent(base + table((name) => `<a href="/${name}" aria-label="Open ${name}" data-db="${name}">${name}</a>`));
  // The failing call's locator names the item's text; the member passes it on as `this.text`.
  const itemCode = "getByRole('row').filter({ has: getByText('garden', { exact: true }) })";
  const scoped = itemLocator(page, `internal:role=row >> internal:has="internal:text=\\"garden\\"s" >> internal:role=link[name="garden"s]`, "getByRole('link', { name: this.text, exact: true })");
  expect(scoped).toEqual({ ok: true, code: expect.stringContaining("filter({ has: getByText('garden', { exact: true }) })"), member: "getByRole('link', { name: 'garden', exact: true })" });
  const input = { fingerprint: garden, current: scoped.ok ? scoped.member : null, heading: 'Databases', testIdAttribute: 'data-testid', pageUrl: kOrigin, item: itemCode };
  const healed = await relocate(page, { ...input, itemText: true });
  expect(healed, JSON.stringify(healed)).toMatchObject({ ok: true, code: 'getByText(this.text, { exact: true })' });
  const found = await locatorFromCode(page, `${itemCode}.getByText('garden', { exact: true })`).evaluateAll((els) => els.map((el) => el.getAttribute('data-db')));
  expect(found).toEqual(['garden']);
  // A class that keeps no text (generated before) gets what names the element alone.
  const plain = await relocate(page, { ...input, itemText: false });
  expect(plain).toMatchObject({ ok: true });
  expect(plain.ok && plain.code).not.toContain('this.text');
});

/** A site header with a sign-in link, a search form and, in the main part, a form with one button. */
function site(words: { signIn: string; search: string; field: string; submit: string }): string {
  return `<header><nav><a href="/login">${words.signIn}</a></nav><form role="search"><input id="q" name="q" aria-label="${words.field}"><button>${words.search}</button></form></header>`
    + '<main><h1>Wiki</h1><p>Welcome.</p><form id="danger"><button type="button">' + words.submit + '</button></form></main>';
}

test('the only button of its kind, renamed in place on a page reworded around it, is healed; with nothing else reworded, refused', async ({ page }) => {
  const recorded = { signIn: 'Log in', search: 'Search', field: 'Query', submit: 'Delete' };
  await page.setContent(site(recorded));
  const search = await takeFingerprint(page.getByRole('button', { name: 'Search' }));
  const remove = await takeFingerprint(page.getByRole('button', { name: 'Delete' }));
  const peers = [await takeFingerprint(page.getByRole('link', { name: 'Log in' })), await takeFingerprint(page.getByRole('textbox'))];
  const input = { heading: null, testIdAttribute: 'data-testid', pageUrl: kOrigin };

  // A release that rewords its controls ("Log in" -> "Sign in" to the same target, "Search" -> "Find").
  await page.setContent(site({ ...recorded, signIn: 'Sign in', search: 'Find' }));
  const healed = await relocate(page, { ...input, fingerprint: search, current: "getByRole('button', { name: 'Search' })", peers: [...peers, remove] });
  expect(healed).toMatchObject({ ok: true, code: "getByRole('button', { name: 'Find' })" });
  if (healed.ok) expect(healed.signals.join('; ')).toMatch(/renamed: taken on evidence \d+ >= \d+: at its recorded place .*the page was reworded: link "Log in" -> "Sign in"/);
  // Without the page's other members there is no evidence beyond the place: refused as replay does.
  const alone = await relocate(page, { ...input, fingerprint: search, current: "getByRole('button', { name: 'Search' })" });
  expect(alone).toMatchObject({ ok: false, reason: expect.stringContaining('nothing else on the page was reworded (-4)); refused') });

  // "Delete" replaced by "Archive" where it was, every other member as recorded: another control.
  await page.setContent(site({ ...recorded, submit: 'Archive' }));
  const replaced = await relocate(page, { ...input, fingerprint: remove, current: "getByRole('button', { name: 'Delete' })", peers: [...peers, search] });
  expect(replaced).toMatchObject({ ok: false, reason: expect.stringContaining('nothing else on the page was reworded (-4)); refused') });
  // Reworded around it but moved: not at its recorded place, still refused.
  await page.setContent(site({ ...recorded, signIn: 'Sign in', search: 'Find' }).replace('<button>Find</button>', '<span><button>Find</button></span>'));
  const moved = await relocate(page, { ...input, fingerprint: search, current: "getByRole('button', { name: 'Search' })", peers: [...peers, remove] });
  expect(moved.ok).toBe(false);
});

test('a control that lost its name is written by its form field name, or by its tag inside the nearest ancestor with an id, never by position', async ({ page }) => {
  const form = (caption: string, id: string) => `<main><h1>Users</h1><form id="users"><table><tbody><tr><td>ann</td><td><input type="checkbox" name="del[ann]"></td></tr></tbody>`
    + `<tbody><tr><td><button type="submit" ${id} name="fn[delete]">${caption}</button> <button type="reset">Reset</button></td></tr></tbody></table></form>`
    + `<form id="login"><p>Members sign in here</p><input name="u" aria-label="User"><button type="submit">${caption === '' ? '' : 'Log in'}</button></form></main>`;
  await page.setContent(form('Delete selected', 'id="del"'));
  const remove = await takeFingerprint(page.getByRole('button', { name: 'Delete selected' }));
  const login = await takeFingerprint(page.getByRole('button', { name: 'Log in' }));
  // Both buttons show an icon instead of their caption; the first also lost its id.
  await page.setContent(form('', ''));
  const input = { heading: 'Users', testIdAttribute: 'data-testid', pageUrl: kOrigin };
  const byField = await relocate(page, { ...input, fingerprint: remove, current: "getByRole('button', { name: 'Delete selected' })" });
  expect(byField).toMatchObject({ ok: true, code: 'locator(\'button[name="fn[delete]"]\')' });
  const byScope = await relocate(page, { ...input, fingerprint: login, current: "getByRole('button', { name: 'Log in' })" });
  expect(byScope, JSON.stringify(byScope)).toMatchObject({ ok: true, code: 'locator(\'#login button[type="submit"]\')' });
});

test('a button renamed with its section\'s heading and text is refused (another section in its place reads the same); one that shows an icon instead of its caption is healed', async ({ page }) => {
  const panel = (heading: string, text: string, submit: string) => `<main><h1>Settings</h1><section><h2>${heading}</h2><p>${text}</p>`
    + `<p><input type="submit" value="${submit}"></p></section><p><a href="/help">Help</a></p></main>`;
  await page.setContent(panel('Export', 'Export every entry as a file.', 'Export'));
  const button = await takeFingerprint(page.getByRole('button', { name: 'Export' }));
  const input = { fingerprint: button, current: "getByRole('button', { name: 'Export' })", heading: null, testIdAttribute: 'data-testid', pageUrl: kOrigin };
  // Words around it are no identity: "Export" -> "Download" there reads as "Export" replaced by "Reset" under its own heading.
  await page.setContent(panel('Download', 'Download every item as a file.', 'Download'));
  const reworded = await relocate(page, input);
  expect(reworded).toMatchObject({ ok: false, reason: expect.stringMatching(/floor: evidence -?\d+ < 5 .*shares no word/) });
  await page.setContent(panel('Export', 'Export every entry as a file.', 'Reset'));
  const replaced = await relocate(page, input);
  expect(replaced).toMatchObject({ ok: false, reason: expect.stringContaining('nothing else on the page was reworded (-4)); refused') });
  // An icon in place of its caption: the browser names a blank submit input "Submit", which is no rename.
  await page.setContent(panel('Export', 'Export every entry as a file.', '&nbsp;'));
  const iconOnly = await relocate(page, input);
  expect(iconOnly, JSON.stringify(iconOnly)).toMatchObject({ ok: true, code: "getByRole('button', { name: 'Submit' })" });
  if (iconOnly.ok) expect(iconOnly.signals.join('; ')).toContain('no caption of its own');
});

test('a same-named copy when the page has no landmarks: the name inside the nearest ancestor with an id, or the link target as written', async ({ page }) => {
  const app = '<div id="menu"><h1>Shop</h1><p><a href="/orders?new=1">New order</a> <a href="/stock">Stock</a></p></div><div id="content"><h2>Orders</h2><p>None yet.</p></div>';
  await page.setContent(app);
  const link = await takeFingerprint(page.getByRole('link', { name: 'New order' }));
  await page.setContent(app + '<aside aria-label="Suggestions"><a href="#suggestion">New order</a></aside>');
  const healed = await relocate(page, { fingerprint: link, current: "getByRole('link', { name: 'New order' })", heading: 'Shop', testIdAttribute: 'data-testid', pageUrl: kOrigin });
  expect(healed, JSON.stringify(healed)).toMatchObject({ ok: true, code: "locator('#menu').getByRole('link', { name: 'New order' })" });
  // Without the id around it, the link is found by where it leads, as its markup says it.
  await page.setContent(app.replace('<div id="menu">', '<div>') + '<aside aria-label="Suggestions"><a href="#suggestion">New order</a></aside>');
  const byTarget = await relocate(page, { fingerprint: link, current: "getByRole('link', { name: 'New order' })", heading: 'Shop', testIdAttribute: 'data-testid', pageUrl: kOrigin });
  expect(byTarget, JSON.stringify(byTarget)).toMatchObject({ ok: true, code: 'locator(\'a[href="/orders?new=1"]\')' });
});

test('look-alike collapse buttons in every code sample: told apart inside the part of the broken CSS locator that still finds one element, then by their item\'s text', async ({ page }) => {
  const sample = (id: string, cls: string) => `<div id="${id}"><div><div class="${cls}"><ul>`
    + ['"id": 1,', '"bed": {', '"water": {'].map((key, i) => `<li><div><span>${key}</span>${i ? `<button aria-label="collapse" data-at="${id}-${i}">-</button><ul><li><span>"name": "x"</span></li></ul>}` : ''}</div></li>`).join('')
    + '</ul></div></div></div>';
  const app = (cls: string) => `<main><h1>API</h1><section><h2>get</h2>${sample('panel-get', cls)}</section><section><h2>list</h2>${sample('panel-list', cls)}</section></main>`;
  await page.setContent(app('json-view'));
  const current = "locator('#panel-get > div > .json-view > ul > li:nth-child(2) > div > button')";
  const button = await takeFingerprint(locatorFromCode(page, current));
  // A release renames the class: the path breaks after its id, and four collapse buttons look alike.
  await page.setContent(app('h9x2k'));
  const input = { fingerprint: button, current, heading: 'API', testIdAttribute: 'data-testid', pageUrl: kOrigin };
  const healed = await relocate(page, input);
  expect(healed, JSON.stringify(healed)).toMatchObject({ ok: true });
  if (!healed.ok) return;
  expect(healed.code).toMatch(/^locator\('#panel-get > div'\)\.getByRole\('listitem'\)\.filter\(\{ has: page\.getByText\('"bed": \{.*\.getByRole\('button', \{ name: 'collapse' \}\)$/);
  expect(healed.signals.join('; ')).toContain('inside `#panel-get > div`');
  expect(await locatorFromCode(page, healed.code).evaluateAll((els) => els.map((el) => el.getAttribute('data-at')))).toEqual(['panel-get-1']);
  // Nothing of the locator finds one element any more: no way finds the button alone, refused.
  await page.setContent(app('h9x2k').replaceAll('panel-', 'pane-'));
  const lost = await relocate(page, input);
  expect(lost).toMatchObject({ ok: false, reason: expect.stringContaining('no locator other than a position') });
});

test('a same-named copy with neither landmark nor id around the element: its name inside its nearest container with a readable class; a hashed class is never a scope', async ({ page }) => {
  const app = (controls: string, toolbar: string) => `<div class="page"><div class="sidebar"><div class="${controls}"><button aria-label="new note" title="Create a new note">+</button>`
    + `<button aria-label="search">?</button></div></div><div class="story"><h2>Notes</h2><div class="${toolbar}"><a href="/notes/today">Today</a> <a href="/notes/all">All</a></div><p>Hello</p></div></div>`;
  const copies = '<aside aria-label="Suggestions"><button aria-label="new note" title="Create a new note" type="button">+</button><a href="#suggestion">Today</a></aside>';
  await page.setContent(app('page-controls', 'story_toolbar'));
  const button = await takeFingerprint(page.getByRole('button', { name: 'new note' }));
  const link = await takeFingerprint(page.getByRole('link', { name: 'Today' }));
  const input = { heading: null, testIdAttribute: 'data-testid', pageUrl: kOrigin };
  await page.setContent(app('page-controls', 'story_toolbar').replaceAll(' href="/notes/today"', ' href="/notes/today" onclick="return false"') + copies);
  const healedButton = await relocate(page, { ...input, fingerprint: button, current: "getByRole('button', { name: 'new note' })" });
  expect(healedButton, JSON.stringify(healedButton)).toMatchObject({ ok: true, code: "locator('.page-controls').getByRole('button', { name: 'new note' })" });
  // A link whose target is now written otherwise (no longer its recorded href as written) is scoped by its container too.
  await page.setContent(app('page-controls', 'story_toolbar').replace('href="/notes/today"', 'href="/notes/today?view=day"') + copies);
  const healedLink = await relocate(page, { ...input, fingerprint: link, current: "getByRole('link', { name: 'Today' })" });
  expect(healedLink, JSON.stringify(healedLink)).toMatchObject({ ok: true });
  if (healedLink.ok) expect(healedLink.code).toMatch(/^locator\('\.(story_toolbar|story)'\)\.getByRole\('link', \{ name: 'Today' \}\)$/);
  for (const healed of [healedButton, healedLink]) {
    if (!healed.ok) continue;
    expect(await locatorFromCode(page, healed.code).evaluateAll((els) => els.map((el) => Boolean(el.closest('aside'))))).toEqual([false]);
  }
  // Only build-hashed classes around it: no container names it, refused.
  await page.setContent(app('fZRtWb', 'story_toolbar').replace('class="sidebar"', 'class="sc-kzqdkY"').replace('class="page"', 'class="xQpTrW"') + copies);
  const hashed = await relocate(page, { ...input, fingerprint: button, current: "getByRole('button', { name: 'new note' })" });
  expect(hashed, JSON.stringify(hashed)).toMatchObject({ ok: false, reason: expect.stringContaining('no locator other than a position') });
});

test('a renamed button in one of several look-alike sections: its new name inside the scope its broken locator starts with, while that scope still finds one element', async ({ page }) => {
  const op = (id: string, verb: string, done: string) => `<div id="op/${id}"><h2>${verb} a plant</h2><p>Parameters id integer</p><h3>Responses</h3><div><button><strong>200 </strong><span>${done}</span></button></div></div>`;
  const app = (done: string, prefix = 'op/') => `<main><h1>Garden API</h1>${[['get', 'Get'], ['delete', 'Delete'], ['list', 'List']].map(([id, verb]) => op(id!, verb!, done)).join('')}</main>`.replaceAll('id="op/', `id="${prefix}`);
  await page.setContent(app('Done'));
  const current = "locator('[id=\"op/delete\"]').getByRole('button', { name: 'Done' })";
  const button = await takeFingerprint(locatorFromCode(page, current));
  await page.setContent(app('Finished'));
  const input = { fingerprint: button, current, heading: 'Garden API', testIdAttribute: 'data-testid', pageUrl: kOrigin };
  const healed = await relocate(page, input);
  expect(healed, JSON.stringify(healed)).toMatchObject({ ok: true, code: "locator('[id=\"op/delete\"]').getByRole('button', { name: '200 Finished' })" });
  if (healed.ok) expect(healed.signals.join('; ')).toContain('inside `[id="op/delete"]`');
  // The scope's id is rewritten too: the section is then found by its new id, the element by its section's text.
  await page.setContent(app('Finished', 'operation-'));
  const moved = await relocate(page, input);
  expect(moved, JSON.stringify(moved)).toMatchObject({ ok: true, code: "locator('#operation-delete').getByRole('button', { name: '200 Finished' })" });
});

test('a locator that still finds its element alone is no locator failure, and the reason says when the element is disabled now or not shown; a hidden one with a shown look-alike elsewhere is healed to the shown one', async ({ page }) => {
  const app = (attrs: string) => `<main><h1>Rows</h1><form><fieldset><legend>Selected</legend><input type="submit" name="delete" value="Delete"${attrs}></fieldset></form></main>`;
  await page.setContent(app(''));
  const button = await takeFingerprint(page.getByRole('button', { name: 'Delete' }));
  const input = { fingerprint: button, current: "locator('input[name=\"delete\"]')", heading: 'Rows', testIdAttribute: 'data-testid', pageUrl: kOrigin };
  await page.setContent(app(' disabled'));
  expect(await relocate(page, input)).toEqual({ ok: false, reason: expect.stringMatching(/^the locator still finds the recorded element alone, disabled now .*: what failed is not how the element is found/) });
  await page.setContent(app(' style="display: none"'));
  expect(await relocate(page, input)).toEqual({ ok: false, reason: expect.stringMatching(/^the locator still finds one element, not shown now, and no shown element agrees with the recorded button "Delete": what failed is not how/) });
  // Hidden where it was, shown elsewhere (moved into another section): the shown one is re-found.
  await page.setContent(app(' style="display: none"').replace('</form>', '</form><form><p><input type="submit" name="delete" value="Delete"></p></form>'));
  const moved = await relocate(page, { ...input, current: "locator('fieldset input[name=\"delete\"]')" });
  expect(moved, JSON.stringify(moved)).toMatchObject({ ok: true });
  if (moved.ok) expect(await locatorFromCode(page, moved.code).evaluateAll((els) => els.map((el) => el.closest('fieldset') === null))).toEqual([true]);
  await page.setContent(app(''));
  expect(await relocate(page, input)).toEqual({ ok: false, reason: expect.stringMatching(/^the locator still finds the recorded element alone: /) });
});

test('an icon-only submit control beside named ones: written as its form\'s only submit control that posts no name', async ({ page }) => {
  const form = (save: string) => `<main><h1>Edit</h1><form id="edit" action="/edit" method="post"><p><input name="title" value="x"></p><p><input type="submit" value="${save}"> <input type="submit" name="insert" value="${save}"> <input type="submit" name="delete" value="${save}"></p></form></main>`;
  await page.setContent(form('Save').replace('name="insert" value="Save"', 'name="insert" value="Save and insert"').replace('name="delete" value="Save"', 'name="delete" value="Delete"'));
  const save = await takeFingerprint(page.getByRole('button', { name: 'Save', exact: true }));
  // Every caption gone (icons): three buttons named "Submit", told apart only by what they post.
  await page.setContent(form(' '));
  const healed = await relocate(page, { fingerprint: save, current: "getByRole('button', { name: 'Save', exact: true })", heading: 'Edit', testIdAttribute: 'data-testid', pageUrl: kOrigin });
  expect(healed, JSON.stringify(healed)).toMatchObject({ ok: true, code: 'locator(\'#edit input[type="submit"]:not([name])\')' });
});

test('a snapshot of another page at the member\'s address (a sign-in form where the settings were) is not healed in, element by element', async ({ page }) => {
  const settings = '<main><h1>Settings</h1><form><label for="n">Display name</label><input id="n"><button>Save</button></form></main>';
  await page.setContent(settings);
  const field = await takeFingerprint(page.getByLabel('Display name'));
  const save = await takeFingerprint(page.getByRole('button', { name: 'Save' }));
  await page.setContent('<main><h1>Sign in</h1><form><label for="n">Username</label><input id="n"><button>Sign in</button></form></main>');
  const healed = await relocate(page, { fingerprint: field, current: "getByLabel('Display name')", heading: 'Settings', testIdAttribute: 'data-testid', pageUrl: kOrigin, peers: [save] });
  expect(healed).toEqual({ ok: false, reason: expect.stringMatching(/^page changed: .*the heading "Settings" \(now "Sign in"\), 1 of 1 elements recorded there \("save"\)/) });
  // The same page with its field relabelled and its button kept is healed.
  await page.setContent(settings.replace('Display name', 'Shown name'));
  const relabelled = await relocate(page, { fingerprint: field, current: "getByLabel('Display name')", heading: 'Settings', testIdAttribute: 'data-testid', pageUrl: kOrigin, peers: [save] });
  expect(relabelled, JSON.stringify(relabelled)).toMatchObject({ ok: true });
});

test('an unnamed field among named ones, its classes renamed: re-found as the one its recorded peers do not name, written with the renamed classes; gone, refused', async ({ page }) => {
  // An editor's title field has no name; the fields beside it are named by their placeholders.
  const editor = (p: string, title = true) => `<main><h1>Garden notes</h1><div class="${p}-frame"><div>${title ? `<input class="${p}-titlebar ${p}-edit-texteditor">` : ''}</div>`
    + `<div><input class="${p}-edit-texteditor" placeholder="tag name"><button>add</button></div><div><input class="${p}-edit-texteditor" placeholder="content type"></div>`
    + `<div><input class="${p}-edit-texteditor" placeholder="field name"><input class="${p}-edit-texteditor" placeholder="field value"></div></div></main>`;
  await page.setContent(editor('tc'));
  // As bu baseline takes it: with the names of the other fields the page showed.
  const title = await takeFingerprint(page.locator('input.tc-titlebar.tc-edit-texteditor'), undefined, { peersFrom: null });
  expect(title.peers).toEqual(['tag name', 'content type', 'field name', 'field value']);
  const input = { fingerprint: title, heading: 'Garden notes', testIdAttribute: 'data-testid', pageUrl: kOrigin, current: "locator('input.tc-titlebar.tc-edit-texteditor')" };
  await page.setContent(editor('tw'));
  // Both of its classes renamed at once: the smallest change of the CSS as written.
  expect(await relocate(page, input)).toMatchObject({ ok: true, code: "locator('input.tw-titlebar.tw-edit-texteditor')" });
  // Without the peers every field of the editor agrees as much.
  expect(await relocate(page, { ...input, fingerprint: { ...title, peers: null } })).toMatchObject({ ok: false, reason: expect.stringMatching(/^ambiguous: 5 elements/) });
  // The title field gone: the named fields are the recorded peers, none is taken for it.
  await page.setContent(editor('tw', false));
  expect(await relocate(page, input)).toMatchObject({ ok: false });
});

test('an unnamed field whose two written classes were both hashed is written with its new classes; when another field has them too, it is refused', async ({ page }) => {
  const editor = (title: string, text: string, extra = '') => `<main><h1>Garden</h1><div class="${title}-frame"><input class="${title} ${text}" value="New note">${extra}<textarea class="body"></textarea><button>Save</button></div></main>`;
  await page.setContent(editor('tc-titlebar', 'tc-edit-texteditor'));
  const field = await takeFingerprint(page.locator('input.tc-titlebar.tc-edit-texteditor'));
  const input = { heading: 'Garden', testIdAttribute: 'data-testid', pageUrl: kOrigin, fingerprint: field, current: "locator('input.tc-titlebar.tc-edit-texteditor')" };
  // A build hashed every class name: none shares a word with what it was.
  await page.setContent(editor('k2b7', 'x3f9'));
  const healed = await relocate(page, input);
  expect(healed).toMatchObject({ ok: true });
  if (healed.ok) expect(await locatorFromCode(page, healed.code).evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).toEqual(['New note']);
  // A second field with the same new classes: no class-written locator finds the recorded one alone.
  await page.setContent(editor('k2b7', 'x3f9', '<input class="k2b7 x3f9" value="Other">'));
  const refused = await relocate(page, input);
  expect(refused.ok ? refused.code : '').not.toMatch(/k2b7|x3f9/);
});
