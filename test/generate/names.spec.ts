import { expect, test } from '@playwright/test';
import { ts } from 'ts-morph';
import { emitAll } from '../../generate/emit/emit.ts';
import { kReplayHelperModule } from '../../generate/generate.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { instanceName, isIdentifier, kebab, NameAllocator, sanitizeIdentifier, words } from '../../generate/names/identifiers.ts';
import { clickRun, fp } from './support/fixtures.ts';

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
  const files = emitAll(model, names, { replayHelperModule: kReplayHelperModule, histories: new Map() });
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
  const files = emitAll(model, names, { replayHelperModule: kReplayHelperModule, histories: new Map([['script-1', '{}']]) });
  for (const file of files.filter((f) => f.file.endsWith('.ts'))) expect(syntaxErrors(file.text), file.file).toEqual([]);
});
