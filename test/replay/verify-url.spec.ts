import { expect, test } from '../support/fixtures.ts';
import { appBaseURL } from '../../core/base-url.ts';
import { Rebaser } from '../../replay/inputs.ts';
import { learnedIds, urlMatches } from '../../replay/verify.ts';

test('an id the server handed out during the step may differ; a known id may not', () => {
  const fresh = new Set(['46']);
  expect(urlMatches('http://a/items/46', 'http://a/items/47', false, fresh)).toBe(true);
  expect(urlMatches('http://a/items/42', 'http://a/items/43', false, fresh)).toBe(false);
  expect(urlMatches('http://a/items/46', 'http://a/users/47', false, fresh)).toBe(false);
  expect(urlMatches('http://a/items/46', 'http://a/items/new', false, fresh)).toBe(false);
  expect(urlMatches('http://a/items/46', 'http://b/items/47', false, fresh)).toBe(false);
  expect(urlMatches('http://a/items?page=2', 'http://a/items?page=3', false)).toBe(false);
  expect(urlMatches('http://a/items?page=2', 'http://a/items?page=3', true)).toBe(true);
  expect(urlMatches('http://a/items/', 'http://a/items#top', false)).toBe(true);
});

test('learned ids carry over to later steps of the same replay', () => {
  const rebase = new Rebaser('http://a/login', null);
  for (const [from, to] of learnedIds('http://a/items/46', 'http://a/items/47', new Set(['46']))) rebase.learn(from, to);
  expect(rebase.url('http://a/items/46/edit')).toBe('http://a/items/47/edit');
  expect(rebase.url('http://a/items/146')).toBe('http://a/items/146');
  expect(rebase.path('/items/46')).toBe('/items/47');
  expect(learnedIds('http://a/items/42', 'http://a/items/43', new Set(['46']))).toEqual([]);
});

test('rebasing and learned ids combine', () => {
  const rebase = new Rebaser('http://a/app/v1/login', 'http://b/app/v2/');
  rebase.learn('46', '9');
  expect(rebase.url('http://a/app/v1/items/46?q=x#h')).toBe('http://b/app/v2/items/9?q=x#h');
  expect(rebase.path('/app/v1/items/46')).toBe('/app/v2/items/9');
});

test('a base URL without a path replaces the origin and keeps recorded paths; one with a path replaces the start directory', () => {
  const sameApp = new Rebaser('http://a/app/v5/login', 'http://b:8080');
  expect(sameApp.url('http://a/app/v5/items?q=x#h')).toBe('http://b:8080/app/v5/items?q=x#h');
  expect(sameApp.url('http://a/other')).toBe('http://b:8080/other');
  expect(sameApp.url('http://c/app/v5/items')).toBe('http://c/app/v5/items');
  expect(sameApp.path('/app/v5/items')).toBe('/app/v5/items');
  const moved = new Rebaser('http://a/app/v5/', 'http://b/app/v6');
  expect(moved.url('http://a/app/v5/#/active')).toBe('http://b/app/v6/#/active');
  expect(moved.url('http://a/app/v5/index.html?x=1')).toBe('http://b/app/v6/index.html?x=1');
  expect(moved.url('http://a/logout')).toBe('http://b/logout');
  expect(moved.path('/app/v5/items/3')).toBe('/app/v6/items/3');
});

test('hash routes are compared; anchors are not', () => {
  expect(urlMatches('http://a/#/active', 'http://a/#/active', false)).toBe(true);
  expect(urlMatches('http://a/#/active', 'http://a/#/completed', false)).toBe(false);
  expect(urlMatches('http://a/#/active', 'http://a/', false)).toBe(false);
  expect(urlMatches('http://a/#!/items/4', 'http://a/#!/items/5', true)).toBe(true);
  expect(urlMatches('http://a/', 'http://a/#/active', false)).toBe(true);
  expect(urlMatches('http://a/page#section', 'http://a/page#other', false)).toBe(true);
});

test('the base URL of generated code follows the same rule', () => {
  expect(appBaseURL(undefined, 'http://a/app/v5/login')).toBe('http://a/app/v5/');
  expect(appBaseURL('http://b:9', 'http://a/app/v5/login')).toBe('http://b:9/app/v5/');
  expect(appBaseURL('http://b/app/v6', 'http://a/app/v5/login')).toBe('http://b/app/v6/');
  expect(appBaseURL('http://b/app/v6/login', 'http://a/app/v5/login')).toBe('http://b/app/v6/');
  // Recorded at a server's root: the origin keeps the root, a prefix moves it there.
  expect(appBaseURL(undefined, 'http://a/')).toBe('http://a/');
  expect(appBaseURL('http://b:9', 'http://a/')).toBe('http://b:9/');
  expect(appBaseURL('http://b/store/v2/', 'http://a/')).toBe('http://b/store/v2/');
  expect(new Rebaser('http://a/app/v5/login', 'http://b/login').url('http://a/app/v5/items')).toBe('http://b/items');
});
