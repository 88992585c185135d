import { expect, test } from '../support/fixtures.ts';
import { emitAll, type GeneratedFile } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { fp, history, kOrigin, state } from '../../harness/generate/fixtures.ts';

/**
 * `expectLoaded()` checks what identifies a page: its path, its heading, else its landmark; the
 * query values that tell it from another page at its path; its title only where nothing else
 * does, and then without the site's name. A translated or renamed site passes the others.
 */

const kSite = ' ‹ North Desk — Panel';

type Steps = Parameters<typeof history>[1];

/** Visits each page in turn by address. */
function visits(pages: [path: string, title: string, heading: string | null][]): GeneratedFile[] {
  const steps: Steps = pages.slice(1).map(([path, title, heading], i) => {
    const [fromPath, fromTitle, fromHeading] = pages[i]!;
    return { action: 'navigate', params: { url: `${kOrigin}${path}` }, pre: state(fromPath, fromTitle, fromHeading), post: state(path, title, heading) };
  });
  steps.push({ action: 'click', params: {}, fingerprint: fp({ role: 'button', name: 'Refresh' }), pre: steps[steps.length - 1]!.post!, post: steps[steps.length - 1]!.post! });
  const h = history('script-1700000000090', steps, { startUrl: `${kOrigin}${pages[0]![0]}` });
  const model = buildPageModel([{ sessionId: h.sessionId, historyPath: null, history: h, snapshots: [] }]);
  return emitAll(model, assignNames(model, null), { histories: new Map() });
}

function expectLoaded(files: GeneratedFile[], urlPart: string, title: string): string[] {
  const pom = files.filter((f) => f.file.startsWith('pom/')).find((f) => f.text.includes(`at \`${urlPart}\``) && f.text.includes(title.replace(kSite, '')))!;
  expect(pom, `${urlPart} ${title}`).toBeTruthy();
  const body = pom.text.slice(pom.text.indexOf('async expectLoaded()'));
  return body.slice(0, body.indexOf('\n  }')).split('\n').slice(1).map((line) => line.trim());
}

/** The page object of the page headed `heading`. */
function pomOf(files: GeneratedFile[], heading: string): string {
  return files.find((f) => f.file.startsWith('pom/') && f.text.includes(`heading “${heading}”`))!.text;
}

test('a page alone at its path is checked by its path and heading, never by its title', () => {
  const files = visits([['/enter', `Enter${kSite}`, 'Enter'], ['/desk/', `Overview${kSite}`, 'Overview'], ['/desk/terms.php?kind=group', `Groups${kSite}`, 'Groups']]);
  const lines = expectLoaded(files, '/desk/terms.php', `Groups${kSite}`);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^await expect\(this\.page\)\.toHaveURL\(\w+Page\.urlPattern\);$/);
  expect(lines[1]).toBe("await expect(this.page.getByRole('heading', { name: 'Groups', exact: true }).first()).toBeVisible();");
  expect(pomOf(files, 'Groups')).toContain(String.raw`static readonly urlPattern = /^[^?#]*\/desk\/terms\.php([?#]|$)/;`);
});

test('two pages at one path told apart by their headings are not checked by title; by a query value, it is in the URL check', () => {
  const files = visits([['/desk/', `Overview${kSite}`, 'Overview'], ['/desk/terms.php?kind=group', `Groups${kSite}`, 'Groups'], ['/desk/terms.php?kind=label', `Labels${kSite}`, 'Labels']]);
  for (const [kind, name] of [['group', 'Groups'], ['label', 'Labels']] as const) {
    const lines = expectLoaded(files, '/desk/terms.php', `${name}${kSite}`);
    expect(lines.some((line) => line.includes('toHaveTitle'))).toBe(false);
    expect(pomOf(files, name)).toContain(String.raw`static readonly urlPattern = /^[^?#]*\/terms\.php\?([^#]*&)?kind=` + kind + '([&#]|$)/;');
  }
});

test('two pages at one path that only their titles tell apart keep a title check, of the page\'s own part', () => {
  const files = visits([['/desk/', `Overview${kSite}`, 'Overview'], ['/desk/options.php', `Options${kSite}`, 'Options'], ['/desk/options.php', `Options saved${kSite}`, 'Options']]);
  expect(expectLoaded(files, '/desk/options.php', `Options saved${kSite}`)).toContain('await expect(this.page).toHaveTitle(/^Options saved ‹/);');
  expect(expectLoaded(files, '/desk/options.php', `Options${kSite}`)).toContain('await expect(this.page).toHaveTitle(/^Options ‹/);');
  const options = new RegExp('^Options ‹');
  expect(options.test(`Options saved${kSite}`)).toBe(false);
  expect(options.test('Options ‹ Nordpult — Konsole')).toBe(true);
});
