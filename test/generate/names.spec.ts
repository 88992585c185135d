import { expect, test } from '../support/fixtures.ts';
import { ts } from 'ts-morph';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import type { ModelCollection, ModelElement } from '../../core/schema/page-model.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { elementMember, fieldParam, methodBase, showsItemKey } from '../../generate/names/derive.ts';
import { iconText, isVisibleName, sharedIdPrefix } from '../../generate/names/element-marks.ts';
import { instanceName, isIdentifier, kebab, NameAllocator, sanitizeIdentifier, words } from '../../generate/names/identifiers.ts';
import { clickRun, fp, step } from '../../harness/generate/fixtures.ts';

/** Names in generated code come from page titles, file names, URLs and labels in any script: they must always compile and read. */

test('words: leading numbers move to the end, any script is kept, punctuation and emoji separate', () => {
  expect(words('03_switch_mode')).toEqual(['switch', 'mode', '03']);
  expect(words('404 Not Found')).toEqual(['not', 'found', '404']);
  expect(words('Войти в систему')).toEqual(['войти', 'в', 'систему']);
  expect(words('登录')).toEqual(['登录']);
  expect(words('تسجيل الدخول')).toEqual(['تسجيل', 'الدخول']);
  expect(words('🚀 Launch! 🔥')).toEqual(['launch']);
  expect(words('Café crème')).toEqual(['cafe', 'creme']);
  // Marks are part of letters outside Latin: й stays й.
  expect(words('Мой профиль')).toEqual(['мой', 'профиль']);
  expect(words('')).toEqual([]);
  expect(words('🚀🔥')).toEqual([]);
  // An icon's alt text and the caption beside it, both in one accessible name, say it once.
  expect(words('Resume Resume')).toEqual(['resume']);
  expect(words('Add Torrent File... Add Torrent File...')).toEqual(['add', 'torrent', 'file']);
  expect(words('Bora Bora')).toEqual(['bora']);
  expect(words('Bora Bora Beach')).toEqual(['bora', 'bora', 'beach']);
  // A version or a measure names nothing: it changes with the release or the data.
  expect(words('Deluge WebUI 2.1.1')).toEqual(['deluge', 'web', 'ui']);
  expect(words('Release notes v1.4')).toEqual(['release', 'notes']);
  expect(words('Lamp 3.50 EUR')).toEqual(['lamp', 'eur']);
  expect(words('2.1.1')).toEqual(['2', '1', '1']);
});

test('a key press is named by every key it presses, a letter key too', () => {
  const press = (keys: string) => methodBase({ kind: 'press', id: 'p', page: '/', observed: 1, collection: null, element: null, keys }, new Map(), 'Home', 0);
  expect(press('Control+a')).toBe('pressControlA');
  expect(press('Shift+Tab')).toBe('pressShiftTab');
  expect(press('ArrowDown')).toBe('pressArrowDown');
  expect(press('Enter')).toBe('pressEnter');
});

test('sanitizeIdentifier gives a valid identifier for anything, in the asked case', () => {
  const cases: [string, string][] = [
    ['03_switch_mode.html', 'switchModeHtml03'], ['class', 'class'], ['delete', 'delete'], ['TEXT', 'text'],
    ['URLField', 'urlField'], ['SignIn', 'signIn'], ['Войти', 'войти'], ['登录', '登录'], ['', 'fallback'], ['🚀🔥', 'fallback'],
    ['2024', 'fallback'], ['m²', 'm2'], ['new-item!', 'newItem'], ['snake_case_name', 'snakeCaseName'],
  ];
  for (const [raw, expected] of cases) {
    const name = sanitizeIdentifier(raw, 'fallback', 'camel');
    expect(name, raw).toBe(expected);
    expect(isIdentifier(name), raw).toBe(true);
  }
  expect(sanitizeIdentifier('03_switch_mode', 'Fallback', 'pascal')).toBe('SwitchMode03');
  expect(sanitizeIdentifier('404Page', 'Fallback', 'pascal')).toBe('Page404');
  expect(sanitizeIdentifier('вход', 'Fallback', 'pascal')).toBe('Вход');
});

test('an instance of a class in a script without case still gets a name of its own', () => {
  expect(instanceName('LoginPage')).toBe('loginPage');
  expect(instanceName('URLPage')).toBe('urlPage');
  expect(instanceName('登录Page')).toBe('the登录Page');
});

test('the allocator can treat names that differ only in case as one (file names)', () => {
  const files = new NameAllocator(['Page'], (name) => name.toLowerCase());
  expect(files.allocate('LoginPage')).toBe('LoginPage');
  expect(files.allocate('Loginpage')).toBe('Loginpage2');
  expect(files.allocate('PAGE')).toBe('PAGE2');
  expect(kebab('SwitchMode03Page')).toBe('switch-mode03-page');
});

/** Syntax errors of generated TypeScript, as the compiler reports them. */
function syntaxErrors(text: string): string[] {
  const out = ts.transpileModule(text, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext } });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

test('pages named by digits, reserved words, other scripts and emoji generate code that parses', () => {
  const button = (name: string) => fp({ role: 'button', name });
  const run = clickRun([
    { path: '/03_switch_mode.html', title: '', target: button('03 Switch') },
    { path: '/class', title: '', target: button('delete') },
    { path: '/%D0%B2%D1%85%D0%BE%D0%B4', title: 'Вход', target: button('Войти') },
    { path: '/%E7%99%BB%E5%BD%95', title: '登录', target: button('登录') },
    { path: '/%F0%9F%9A%80', title: '🚀🔥', target: button('🚀') },
    { path: '/2fa', title: '', target: button('2') },
    { path: '/new', title: '', target: button('default') },
    { path: '/x/تسجيل', title: '', target: button('تسجيل الدخول') },
  ]);
  const model = buildPageModel([run]);
  const names = assignNames(model, null);
  const classes = [...names.pages.values()].map((p) => p.className);
  expect(classes).toEqual(['SwitchMode03Page', 'ClassPage', 'ВходPage', '登录Page', 'HomePage', 'Page2fa', 'NewPage', 'تسجيلPage']);
  for (const page of names.pages.values()) {
    for (const name of [page.className, ...page.members.values(), ...[...page.methods.values()].map((m) => m.name)]) {
      expect(isIdentifier(name), name).toBe(true);
    }
  }
  const members = [...names.pages.values()].flatMap((p) => [...p.members.values()]);
  expect(members).toEqual(['switch03Button', 'deleteButton', 'войтиButton', '登录Button', 'button', 'button2', 'defaultButton', 'تسجيل_الدخولButton']);
  const files = emitAll(model, names, { histories: new Map() });
  for (const file of files.filter((f) => f.file.endsWith('.ts'))) expect(syntaxErrors(file.text), file.file).toEqual([]);
});

test('proposed names that are reserved words, numbers or empty still give valid names', () => {
  const run = clickRun([{ path: '/items', title: 'Items', target: fp({ role: 'button', name: 'New' }) }]);
  const model = buildPageModel([run]);
  const derived = assignNames(model, null);
  const page = model.pages[0]!;
  const names = assignNames(model, {
    pages: [{ id: page.id, name: '123', purpose: null, elements: [{ id: page.elements[0]!.id, name: 'new' }], methods: [{ id: page.interactions[0]!.id, name: '', params: null }] }],
    flows: [{ sessionId: 'script-1', name: 'delete', description: null }],
  });
  const pageNames = names.pages.get(page.id)!;
  expect(pageNames.className).toBe(derived.pages.get(page.id)!.className);
  expect(pageNames.members.get(page.elements[0]!.id)).toBe('new');
  expect(names.flows.get('script-1')!.functionName).toBe('deleteFlow');
  const files = emitAll(model, names, { histories: new Map([['script-1', { text: '{}', steps: [] }]]) });
  for (const file of files.filter((f) => f.file.endsWith('.ts'))) expect(syntaxErrors(file.text), file.file).toEqual([]);
});

function element(partial: Partial<ModelElement>): ModelElement {
  return {
    id: 'x', role: null, name: '', tag: 'div', type: null, testId: null, label: null, placeholder: null, title: null, landmark: null, collection: null, column: null,
    locator: { kind: 'selector', role: null, value: 'div', exact: false, frames: [], scope: null, row: null, matches: null, verified: false, nth: null },
    fingerprint: fp({ role: partial.role ?? null, name: partial.name ?? '' }),
    ...partial,
  };
}

test('members are named by label, accessible name, placeholder or title, never by tag', () => {
  // An editable <div> typed into: an input, named by what it asks for.
  expect(elementMember(element({ placeholder: 'Write a comment' }), true)).toBe('writeCommentInput');
  expect(elementMember(element({}), true)).toBe('input');
  expect(elementMember(element({}))).toBe('element');
  expect(elementMember(element({ tag: 'span', title: 'Archive this thread' }))).toBe('archiveThreadElement');
  // The label says what a field is for better than a name made of its hint.
  expect(elementMember(element({ role: 'textbox', tag: 'input', name: 'e.g. ann@example.com', label: 'Email address' }))).toBe('emailAddressInput');
  expect(elementMember(element({ role: 'button', name: 'Sign in' }))).toBe('signInButton');
  expect(elementMember(element({ role: 'button', name: 'TEXT' }))).toBe('textButton');
  expect(elementMember(element({ role: 'button', name: 'Click to open actions' }))).toBe('openActionsButton');
});

test('methods never say the verb twice and take an instruction for what it does', () => {
  const click = (partial: Partial<ModelElement>) => {
    const target = element({ id: 'e', ...partial });
    return methodBase({ kind: 'click', id: 'c', page: 'p', observed: 1, collection: null, element: 'e' }, new Map([['e', target]]), 'Home', 0);
  };
  expect(click({ role: 'button', name: 'Click to open actions' })).toBe('openActions');
  expect(click({ tag: 'span', name: 'Tap here to edit' })).toBe('edit');
  expect(click({ role: 'link', name: 'Open settings' })).toBe('openSettings');
  expect(click({ role: 'button', name: 'Click me' })).toBe('clickButton');
  expect(click({ role: 'button', name: 'Save draft' })).toBe('clickSaveDraft');
  expect(click({})).toBe('clickElement');
});

test('a flow is described in a sentence', () => {
  const button = fp({ role: 'button', name: 'Switch mode' });
  const one = buildPageModel([clickRun([{ path: '/03_switch_mode.html', title: '', target: button }, { path: '/03_switch_mode.html', title: '', target: button }])]);
  expect(assignNames(one, null).flows.get('script-1')!.description).toBe('Stays on the Switch mode 03 page.');
  const two = buildPageModel([clickRun([{ path: '/login', title: '', target: fp({ role: 'button', name: 'Sign in' }) }, { path: '/items', title: '', target: button }])]);
  expect(assignNames(two, null).flows.get('script-1')!.description).toBe('Goes from the Login page to the Items page.');
});

test('a flow that stays on one page is named by what its recording said it did, not numbered', () => {
  const button = fp({ role: 'button', name: 'Mark read' });
  const runs = ['Read the guide', 'Archive the old entries'].map((goal, i) => {
    const run = clickRun([{ path: '/handbook', title: '', target: button }], `script-${i + 1}`);
    const last = run.history.steps[0]!;
    run.history.steps.push(step(1, { action: 'done', params: { text: goal }, fingerprint: null, pre: last.post, post: last.post }));
    return run;
  });
  const names = assignNames(buildPageModel([...runs, clickRun([{ path: '/handbook', title: '', target: button }], 'script-3')]), null).flows;
  expect([1, 2, 3].map((i) => names.get(`script-${i}`)!.functionName)).toEqual(['readGuide', 'archiveOldEntries', 'handbookFlow']);
});

test('recorded text that would end a doc comment stays inside it', () => {
  const run = clickRun([
    { path: '/a*/b', title: 'Docs */ here', target: fp({ role: 'button', name: 'Close */ now' }) },
    { path: '/c', title: 'C', target: fp({ role: 'button', name: 'Go' }) },
  ]);
  const model = buildPageModel([run]);
  const files = emitAll(model, assignNames(model, null), { histories: new Map([['script-1', { text: '{}', steps: [] }]]) });
  for (const file of files.filter((f) => f.file.endsWith('.ts'))) expect(syntaxErrors(file.text), file.file).toEqual([]);
  expect(files.find((f) => f.file.startsWith('pom/B'))!.text).toContain('“Close *\\/ now” button');
});

test('an element inside a row whose name is the row\'s data is named by its column header', () => {
  const link = element({ role: 'link', name: 'Red Hammer', tag: 'a', collection: 'row', column: 'Title' });
  expect(elementMember(link)).toBe('titleLink');
  // A control's own caption is what it is for: its column header does not replace it.
  expect(elementMember(element({ role: 'button', name: 'Delete', tag: 'button', collection: 'row' }))).toBe('deleteButton');
});

test('an element with no words of its own is named by the id a person gave it, never by a generated one', () => {
  const unnamed = (id: string) => element({ fingerprint: { ...fp({ role: null, name: '' }), id } });
  expect(elementMember(unnamed('toolbar-separator'))).toBe('toolbarSeparatorElement');
  expect(methodBase({ kind: 'click', id: 'c', page: 'p', observed: 1, collection: null, element: 'x' }, new Map([['x', unnamed('toolbar-separator')]]), 'Home', 0)).toBe('clickToolbarSeparator');
  expect(elementMember(unnamed('ember1234'))).toBe('element');
  expect(elementMember(unnamed('a1b2c3d4e5f6'))).toBe('element');
});

test("a page's namespace is the prefix most of its ids share, though a widget library's ids do not carry it", () => {
  const ids = ['app-header-button-deploy', 'app-header-button-menu', 'app-view-zoom-out', 'app-sidebar-tab-info', 'app-clipboard', 'app-search-input', 'menu-item-import'];
  expect(sharedIdPrefix(ids)).toEqual(['app']);
  const unnamed = (id: string) => element({ fingerprint: { ...fp({ role: null, name: '' }), id } });
  expect(elementMember(unnamed('app-clipboard'), true, sharedIdPrefix(ids))).toBe('clipboardInput');
  expect(fieldParam(unnamed('app-clipboard'), sharedIdPrefix(ids))).toBe('clipboard');
  // An id without the namespace keeps every word.
  expect(elementMember(unnamed('menu-item-import'), false, sharedIdPrefix(ids))).toBe('menuItemImportElement');
  // Two ids of a handful that start alike are no namespace.
  expect(sharedIdPrefix(['search-input', 'search-button', 'login'])).toEqual([]);
  // Never strip to nothing: the namespace alone as an id keeps its words.
  const alone = ['app', 'app-view', 'app-menu', 'app-tabs'];
  expect(sharedIdPrefix(alone)).toEqual(['app']);
  expect(elementMember(unnamed('app'), false, sharedIdPrefix(alone))).toBe('appElement');
});

test('a count in parentheses is no part of a name: it changes, the element does not', () => {
  expect(elementMember(element({ role: 'textbox', tag: 'input', name: 'Destination folder (81.5 GB Free):' }))).toBe('destinationFolderInput');
  expect(elementMember(element({ role: 'link', name: 'Inbox (3)' }))).toBe('inboxLink');
  // Numbers that are the name itself stay.
  expect(elementMember(element({ role: 'link', name: 'Page 2' }))).toBe('page2Link');
});

test("an element that shows no words is named by its id less the page's namespace, else by its icon", () => {
  const ids = ['app-header-button-deploy', 'app-header-button-menu', 'app-view-zoom-out'];
  expect(sharedIdPrefix(ids)).toEqual(['app']);
  expect(sharedIdPrefix(['toolbar-open'])).toEqual([]);
  // An id that is all prefix keeps its words.
  expect(sharedIdPrefix(['app', 'app-view'])).toEqual([]);
  const marked = (id: string | null, icon: string | null) => element({ role: 'button', tag: 'button', name: '\uf068', fingerprint: { ...fp({ role: 'button', name: '\uf068' }), id, icon } });
  expect(elementMember(marked('app-view-zoom-out', 'class:fa.fa-minus'), false, sharedIdPrefix(ids))).toBe('viewZoomOutButton');
  expect(methodBase({ kind: 'click', id: 'c', page: 'p', observed: 1, collection: null, element: 'x' }, new Map([['x', marked('app-view-zoom-out', null)]]), 'Home', 0, ['app'])).toBe('clickViewZoomOut');
  expect(elementMember(marked(null, 'class:fa.fa-plus'))).toBe('plusButton');
  expect(elementMember(marked(null, 'class:expanded.fa.fa-map-o'))).toBe('mapButton');
  expect(elementMember(marked(null, 'img:recycle-bin.png'))).toBe('recycleBinButton');
  expect(elementMember(marked(null, 'use:#icon-trash'))).toBe('trashButton');
  expect(elementMember(marked(null, 'svg:1x2y3z'))).toBe('button');
  expect(iconText('class:spinner')).toBeNull();
});

/** A page with one collection whose item was clicked as a whole (its text cell, nameless): the model the emitters get. */
function rowClickModel(scope: ModelCollection['scope'], role = 'listitem') {
  const model = buildPageModel([clickRun([{ path: '/queue', title: 'Queue', target: fp({ role: 'button', name: 'Refresh' }) }])]);
  const page = model.pages[0]!;
  const collection: ModelCollection = { id: `${role} in list`, role, scope, exactKey: true, observed: 3, example: 'backup.tar' };
  const cell = element({ id: `${role} > div#0`, collection: collection.id, fingerprint: { ...fp({ role: 'text', name: '' }), text: 'backup.tar' } });
  page.collections.push(collection);
  page.elements.push(cell);
  page.interactions.push({ kind: 'click', id: 'row-click', page: page.id, observed: 1, collection: collection.id, element: cell.id });
  return { model, page, cell, collection };
}

const selectorScope = (value: string): NonNullable<ModelCollection['scope']> => ({ kind: 'selector', role: null, value, exact: false, frames: [], scope: null, row: null, matches: null, verified: false, nth: null });

test('a row clicked as a whole, the text it is found by and its collection are named after what the list holds, else after their role', () => {
  const byId = rowClickModel(selectorScope('#job_list'));
  const names = assignNames(byId.model, null).pages.get(byId.page.id)!;
  const jobs = names.collections.get(byId.collection.id)!;
  expect([jobs.accessor, jobs.className, jobs.members.get(byId.cell.id)]).toEqual(['job', 'JobItem', 'jobText']);
  expect(names.methods.get('row-click')).toMatchObject({ name: 'clickJob', item: 'job' });
  const files = emitAll(byId.model, assignNames(byId.model, null), { histories: new Map([['script-1', { text: '{}', steps: [] }]]) });
  const pom = files.find((f) => f.file.startsWith('pom/'))!.text;
  expect(pom).toContain('await this.job(job).jobText.click();');
  // The element showing the text its item is found by is documented as that text.
  expect(pom).toContain('The text this list item is found by (“backup.tar” when recorded).');
  expect(pom).toContain('Clicks the text in the list item showing `job`.');
  for (const file of files.filter((f) => f.file.endsWith('.ts'))) expect(syntaxErrors(file.text), file.file).toEqual([]);
  // An accessible name says it best; the words that only say "a list" are left out, and one item is singular.
  const named = rowClickModel({ ...selectorScope('x'), kind: 'role', role: 'table', value: 'Pending downloads table' }, 'row');
  const rows = assignNames(named.model, null).pages.get(named.page.id)!;
  expect(rows.collections.get(named.collection.id)).toMatchObject({ accessor: 'pendingDownload', className: 'PendingDownloadRow' });
  expect(rows.methods.get('row-click')!.name).toBe('clickPendingDownload');
  // A list with no name: its items are called by their role, never `element`.
  const bare = rowClickModel(null);
  const plain = assignNames(bare.model, null).pages.get(bare.page.id)!;
  expect(plain.collections.get(bare.collection.id)).toMatchObject({ accessor: 'item', className: 'QueueItem' });
  expect(plain.methods.get('row-click')!.name).toBe('clickItem');
  // Lists side by side whose ids share a namespace are named by what sets each apart.
  const menus = rowClickModel(selectorScope('#app-header-button-deploy-options-submenu'));
  menus.page.collections.push({ ...menus.collection, id: 'listitem in side', scope: selectorScope('#app-header-button-sidemenu-submenu') });
  const menuNames = assignNames(menus.model, null).pages.get(menus.page.id)!.collections;
  expect([menuNames.get(menus.collection.id)!.accessor, menuNames.get('listitem in side')!.accessor]).toEqual(['deployOption', 'sidemenu']);
  // A generated id names nothing; a control of a kind keeps its kind.
  expect(assignNames(rowClickModel(selectorScope('#ember1234')).model, null).pages.get(bare.page.id)!.collections.get(bare.collection.id)!.accessor).toBe('item');
  expect(elementMember(element({ role: 'checkbox', collection: 'c' }), false, [], new Map([['c', ['job']]]))).toBe('checkbox');
});

test('a doc comment never quotes a name that shows nothing: an icon glyph or blank name gives way to the icon, title or id', () => {
  const model = buildPageModel([clickRun([{ path: '/editor', title: 'Editor', target: fp({ role: 'button', name: 'Save' }) }])]);
  const page = model.pages[0]!;
  const glyph = element({ id: 'link:\uf067', role: 'link', tag: 'a', name: '\uf067', fingerprint: { ...fp({ role: 'link', name: '\uf067' }), icon: 'class:fa.fa-plus' } });
  const blank = element({ id: 'link:', role: 'link', tag: 'a', name: ' ', fingerprint: { ...fp({ role: 'link', name: ' ' }), id: 'palette-toggle' } });
  page.elements.push(glyph, blank);
  page.interactions.push({ kind: 'click', id: 'glyph-click', page: page.id, observed: 1, collection: null, element: glyph.id });
  const files = emitAll(model, assignNames(model, null), { histories: new Map([['script-1', { text: '{}', steps: [] }]]) });
  const pom = files.find((f) => f.file.startsWith('pom/'))!.text;
  expect(pom).not.toContain('“\uf067”');
  expect(pom).not.toMatch(/“\s*”/);
  expect(pom).toContain('The link showing the plus icon.');
  expect(pom).toContain('The link #palette-toggle.');
  expect(pom).toContain('Clicks the link showing the plus icon.');
  // Words and symbols a reader sees are still quoted.
  expect(isVisibleName('🚀')).toBe(true);
  expect(isVisibleName('Save')).toBe(true);
  expect(isVisibleName('\uf067')).toBe(false);
  expect(isVisibleName('\u200b')).toBe(false);
});

test("a link whose name is the text its item is found by is named after the item, not after one item's data", () => {
  const model = buildPageModel([clickRun([{ path: '/releases', title: 'Releases', target: fp({ role: 'button', name: 'Refresh' }) }])]);
  const page = model.pages[0]!;
  const collection: ModelCollection = { id: 'listitem', role: 'listitem', scope: null, exactKey: true, observed: 2, example: '1.0.0' };
  const link = element({ id: 'listitem > link', role: 'link', tag: 'a', name: '1.0.0', collection: collection.id, fingerprint: { ...fp({ role: 'link', name: '1.0.0' }), text: '1.0.0', hrefPath: '/releases/v/1.0.0' } });
  page.collections.push(collection);
  page.elements.push(link);
  page.interactions.push({ kind: 'click', id: 'open-release', page: page.id, observed: 1, collection: collection.id, element: link.id });
  const names = assignNames(model, null).pages.get(page.id)!;
  expect(names.collections.get(collection.id)!.members.get(link.id)).toBe('itemLink');
  expect(names.methods.get('open-release')).toMatchObject({ name: 'openItem', item: 'item' });
  const files = emitAll(model, assignNames(model, null), { histories: new Map([['script-1', { text: '{}', steps: [] }]]) });
  const pom = files.find((f) => f.file.startsWith('pom/'))!.text;
  expect(pom).toContain('await this.item(item).itemLink.click();');
  expect(pom).toContain('The link this list item is found by (“1.0.0” when recorded).');
  expect(pom).toContain('Clicks the link in the list item showing `item`.');
  // A control with a caption of its own in the same item keeps it.
  expect(elementMember(element({ role: 'button', name: 'Download', collection: collection.id }), false, [], new Map([[collection.id, ['item']]]))).toBe('downloadButton');
  // A toolbar built as a list: its link leads to no record it shows, and keeps its own name.
  const toolbar: ModelCollection = { ...collection, example: 'Deploy' };
  const deploy = element({ role: 'link', tag: 'a', name: 'Deploy', collection: collection.id, fingerprint: { ...fp({ role: 'link', name: 'Deploy' }), text: 'Deploy', hrefPath: '/' } });
  expect(showsItemKey(deploy, toolbar)).toBe(false);
  expect(showsItemKey({ ...deploy, fingerprint: { ...deploy.fingerprint, hrefPath: '/deploy' } }, toolbar)).toBe(true);
  // A menu of anchors without an address (no link role), clicked as `File`, then `Edit`: one
  // method for every entry, named after the item, not after the entry recorded first.
  const menu: ModelCollection = { ...collection, example: 'File' };
  const entry = element({ role: null, tag: 'a', name: 'File', collection: collection.id, fingerprint: { ...fp({ role: null, name: 'File' }), tag: 'a', text: 'File', hrefPath: null } });
  expect(showsItemKey(entry, menu)).toBe(true);
  expect(elementMember(entry, false, [], new Map([[collection.id, ['item']]]), true)).toBe('itemLink');
});

test('a method doc never quotes a test id as if the element showed it: it describes the element as its member does', () => {
  const model = buildPageModel([clickRun([{ path: '/editor', title: 'Editor', target: fp({ role: 'button', name: 'Save' }) }])]);
  const page = model.pages[0]!;
  const settings = element({ id: 'button:', role: 'button', tag: 'button', name: '', testId: 'header--tooltip-settings', fingerprint: { ...fp({ role: 'button', name: '' }), id: 'header--button-settings', testId: 'header--tooltip-settings' } });
  page.elements.push(settings);
  page.interactions.push({ kind: 'click', id: 'settings-click', page: page.id, observed: 1, collection: null, element: settings.id });
  const pom = emitAll(model, assignNames(model, null), { histories: new Map([['script-1', { text: '{}', steps: [] }]]) }).find((f) => f.file.startsWith('pom/'))!.text;
  expect(pom).not.toContain('“header--tooltip-settings”');
  expect(pom).toContain('The button #header--button-settings.');
  expect(pom).toContain('Clicks the button #header--button-settings.');
});

test('a form of one field is named by what it sets, not by the page it is on', () => {
  const search = element({ id: 's', role: 'combobox', tag: 'input', name: 'Search Packages' });
  const agree = element({ id: 'a', role: 'checkbox', tag: 'input', name: 'I agree' });
  const email = element({ id: 'e', role: 'textbox', tag: 'input', name: 'Email' });
  const password = element({ id: 'p', role: 'textbox', tag: 'input', name: 'Password' });
  const elements = new Map([search, agree, email, password].map((e) => [e.id, e]));
  const form = (fields: { element: string; control: 'fill' | 'check' }[]) => ({ kind: 'form' as const, id: 'f', page: 'p', observed: 1, collection: null, fields });
  expect(methodBase(form([{ element: 's', control: 'fill' }]), elements, 'Registry', 0)).toBe('fillSearchPackages');
  expect(methodBase(form([{ element: 'a', control: 'check' }]), elements, 'Registry', 0)).toBe('checkIAgree');
  // Several fields are the page's form.
  expect(methodBase(form([{ element: 'e', control: 'fill' }, { element: 'p', control: 'fill' }]), elements, 'Registry', 0)).toBe('fillRegistryForm');
  // And a one-field form before it leaves it the page's first form.
  const model = buildPageModel([clickRun([{ path: '/home', title: 'Home', target: fp({ role: 'button', name: 'Go' }) }])]);
  const page = model.pages[0]!;
  page.elements.push(search, email, password);
  page.interactions.push({ ...form([{ element: 's', control: 'fill' }]), id: 'search', page: page.id }, { ...form([{ element: 'e', control: 'fill' }, { element: 'p', control: 'fill' }]), id: 'login', page: page.id });
  const methods = assignNames(model, null).pages.get(page.id)!.methods;
  expect([methods.get('search')!.name, methods.get('login')!.name]).toEqual(['fillSearchPackages', 'fillHomeForm']);
});

test('a release number in a path is a parameter, and the page is named by what it is a release of, never by its digits', () => {
  const button = fp({ role: 'button', name: 'Download' });
  const model = buildPageModel([clickRun([
    { path: '/', title: 'Registry', target: button },
    { path: '/detail/garden-planner/v/1.0.0', title: 'Registry', target: button },
    { path: '/detail/garden-planner/v/1.1.0-beta.2', title: 'Registry', target: button },
    { path: '/items/17', title: 'Item', target: button },
  ])]);
  expect(model.pages.map((p) => p.urlPattern)).toEqual(['/', '/detail/garden-planner/v/:version', '/items/:itemId']);
  expect(model.pages[1]!.params).toEqual(['version']);
  const classes = [...assignNames(model, null).pages.values()].map((p) => p.className);
  expect(classes).toEqual(['RegistryPage', 'GardenPlannerVersionPage', 'ItemDetailPage']);
});

test('look-alikes in different parts of a page are named by the part, not numbered', () => {
  const model = buildPageModel([clickRun([{ path: '/home', title: 'Home', target: fp({ role: 'button', name: 'Go' }) }])]);
  const page = model.pages[0]!;
  const inPart = (id: string, role: string) => element({ id, role: 'button', tag: 'button', name: 'Login', fingerprint: { ...fp({ role: 'button', name: 'Login' }), landmarks: [{ role, name: null }] } });
  const header = inPart('header', 'banner');
  const dialog = inPart('dialog', 'dialog');
  const again = inPart('again', 'dialog');
  page.elements.push(header, dialog, again);
  for (const target of [header, dialog]) page.interactions.push({ kind: 'click', id: `click-${target.id}`, page: page.id, observed: 1, collection: null, element: target.id });
  const names = assignNames(model, null).pages.get(page.id)!;
  // A third in the same part as one before it is numbered as well.
  expect([header, dialog, again].map((e) => names.members.get(e.id))).toEqual(['loginButton', 'dialogLoginButton', 'dialogLoginButton2']);
  expect([names.methods.get('click-header')!.name, names.methods.get('click-dialog')!.name]).toEqual(['clickLogin', 'clickDialogLogin']);
});

test("a method doc names a required field by its label without the required mark", () => {
  const model = buildPageModel([clickRun([{ path: '/signup', title: 'Sign up', target: fp({ role: 'button', name: 'Go' }) }])]);
  const page = model.pages[0]!;
  const field = (id: string, label: string) => element({ id, role: 'textbox', tag: 'input', name: label.replace(' *', ''), label });
  page.elements.push(field('u', 'Username *'), field('p', 'Password*'));
  page.interactions.push({ kind: 'form', id: 'form', page: page.id, observed: 1, collection: null, fields: [{ element: 'u', control: 'fill' }, { element: 'p', control: 'fill' }] });
  const pom = emitAll(model, assignNames(model, null), { histories: new Map([['script-1', { text: '{}', steps: [] }]]) }).find((f) => f.file.startsWith('pom/'))!.text;
  expect(pom).toContain('Fills “Username”, “Password”.');
});
