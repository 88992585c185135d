import { expect, test } from '../support/fixtures.ts';
import { isEnvironmentValue, perRecordingKeys, urlCheckSource } from '../../generate/model/url-check.ts';
import { patternRegexSource, routeOf, stripAnchor } from '../../generate/model/url-pattern.ts';

function matches(recorded: string, live: string, options: Parameters<typeof urlCheckSource>[1] = {}): boolean {
  return new RegExp(urlCheckSource(recorded, options)).test(live);
}

test('a fragment that is only # or #/ is no fragment; a hash route is checked', () => {
  expect(matches('./#/', 'http://b/')).toBe(true);
  expect(matches('./#/', 'http://b/app/#/')).toBe(true);
  expect(matches('./', 'http://b/#/')).toBe(true);
  expect(matches('./', 'http://b/#')).toBe(true);
  expect(matches('./', 'http://b/#top')).toBe(true);
  // In an app told apart by hash routes, a page without one is not a page with one.
  expect(matches('./', 'http://b/#/active', { hashRoutes: true })).toBe(false);
  expect(matches('./', 'http://b/#top', { hashRoutes: true })).toBe(true);
  expect(matches('./#/active', 'http://b/#/active')).toBe(true);
  expect(matches('./#/active', 'http://b/#/completed')).toBe(false);
  expect(matches('./#/active', 'http://b/')).toBe(false);
  expect(routeOf('http://a/#/')).toBe('/');
  expect(stripAnchor('./#/')).toBe('./');
  expect(new RegExp(patternRegexSource('/', '/')).test('http://b/#/')).toBe(true);
  expect(new RegExp(patternRegexSource('/', '/', { hashRoutes: true })).test('http://b/#/active')).toBe(false);
  expect(new RegExp(patternRegexSource('/#/active', '/')).test('http://b/app/?x=1#/active')).toBe(true);
});

test('URL checks read as the path they check, with the query values that tell the page, and still ignore the prefix', () => {
  expect(urlCheckSource('./admin/edit-tags.php?taxonomy=category&_wpnonce=9f86d081884c7d659a2feaa0c55ad015')).toBe('^[^?#]*\\/admin\\/edit-tags\\.php\\?([^#]*&)?taxonomy=category([&#]|$)');
  expect(matches('./admin/edit-tags.php?taxonomy=category', 'https://cms.example/blog/admin/edit-tags.php?post_type=x&taxonomy=category')).toBe(true);
  expect(matches('./admin/edit-tags.php?taxonomy=category', 'https://cms.example/admin/edit-tags.php?taxonomy=post_tag')).toBe(false);
  expect(patternRegexSource('/items/:itemId', '/')).toBe('^[^?#]*\\/items\\/[^/?#]+([?#]|$)');
  expect(patternRegexSource('/admin/edit-tags.php', '/', { query: ['taxonomy=category'] })).toBe('^[^?#]*\\/admin\\/edit-tags\\.php\\?([^#]*&)?taxonomy=category([&#]|$)');
  // A path written in another address's query is not where the browser is.
  expect(new RegExp(patternRegexSource('/admin/', '/')).test('http://b/login?next=/admin/')).toBe(false);
  expect(new RegExp(patternRegexSource('/admin/', '/')).test('http://b/site/admin/')).toBe(true);
  expect(matches('./a?x=1&y=2', 'http://b/a?y=2&x=1')).toBe(true);
  expect(matches('./a?x=1&y=2', 'http://b/a?y=2')).toBe(false);
  expect(matches('https://other.example/p', 'https://other.example/p?q')).toBe(true);
  expect(matches('https://other.example/p', 'https://evil.example/x/https://other.example/p')).toBe(false);
});

test('the path is checked, under any prefix the base URL adds', () => {
  expect(matches('./items', 'http://b/items')).toBe(true);
  expect(matches('./items', 'http://b/app/v2/items?x=1')).toBe(true);
  expect(matches('./items', 'http://b/items/4')).toBe(false);
  expect(matches('./items', 'http://b/users')).toBe(false);
  expect(matches('/other', 'http://b/other')).toBe(true);
  expect(matches('/other', 'http://b/app/other')).toBe(false);
});

test('query values from the server environment are not checked; the app\'s own are, in any order', () => {
  expect(matches('./?db=/tmp/xyz/data.sqlite', 'http://b/?db=/srv/other/data.sqlite')).toBe(true);
  expect(matches('./?db=%2Ftmp%2Fxyz%2Fdata.sqlite', 'http://b/?db=%2Fsrv%2Fdata.sqlite')).toBe(true);
  expect(matches('./view?file=/var/lib/app/a.json&mode=table', 'http://b/view?mode=table&file=/home/u/a.json')).toBe(true);
  expect(matches('./view?file=/var/lib/app/a.json&mode=table', 'http://b/view?file=/var/lib/app/a.json&mode=chart')).toBe(false);
  expect(matches('./view?mode=table', 'http://b/view?mode=tables')).toBe(false);
  expect(matches('./view?mode=table', 'http://b/view')).toBe(false);
  expect(matches('./?session=9f86d081884c7d659a2feaa0c55ad015', 'http://b/?session=0c55ad0159f86d081884c7d659a2feaa')).toBe(true);
  expect(matches('./?token=eyJhbGciOiJIUzI1NiJ9abc123', 'http://b/?token=other')).toBe(true);
  expect(matches('./?sort=name', 'http://b/?sort=name&token=x')).toBe(true);
  // A value another recording saw differently is the environment's; numbers only when asked.
  expect(matches('./?ws=alpha&tab=files', 'http://b/?ws=beta&tab=files', { ignore: new Set(['ws']) })).toBe(true);
  expect(matches('./?page=2', 'http://b/?page=3')).toBe(false);
  expect(matches('./?page=2', 'http://b/?page=3', { skipNumbers: true })).toBe(true);
});

test('environment values: file-system paths and long random tokens, not words, numbers or app paths', () => {
  for (const value of ['/tmp/xyz/data.sqlite', '/var/lib/app/db', '%2Fhome%2Fme%2Fa.db', 'C:\\data\\a.db', '123e4567-e89b-12d3-a456-426614174000', 'deadbeef00112233', 'Xy7pQ2rT9wLm4ZkN8vB1cD'])
    expect(isEnvironmentValue(value), value).toBe(true);
  for (const value of ['table', '2', '20240101', '/items/4', 'hello-world', 'name'])
    expect(isEnvironmentValue(value), value).toBe(false);
});

test('a query value that held within each recording and differed between them came from the environment', () => {
  const keys = perRecordingKeys([
    ['http://a/?ws=alpha&tab=files', './items?ws=alpha&page=1', './items?ws=alpha&page=2'],
    ['http://a/?ws=beta&tab=files', './items?ws=beta&page=1'],
    ['./?lang=en'],
  ]);
  expect([...keys]).toEqual(['ws']);
});
