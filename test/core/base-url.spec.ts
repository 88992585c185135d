import { expect, test } from '../support/fixtures.ts';
import { appBaseURL } from '../../core/base-url.ts';
import { newProject } from '../../generate/emit/source.ts';
import { emitConfig } from '../../generate/emit/support.ts';
import { appBase } from '../../generate/model/url-pattern.ts';

/**
 * The one base URL rule (core/base-url.ts): BASE_URL, else the config's baseURL, else the recorded
 * address; a base without a path keeps the recorded path, one with a path replaces the recorded
 * start directory. `baseURL` below is what the generated playwright.config.ts computes.
 */
function baseURL(env: string | undefined, configured: string | undefined, recorded: string): string {
  return appBaseURL(env || configured, recorded);
}

test('an app under a path prefix: BASE_URL unset, set to the origin, set to the prefix', () => {
  const recorded = 'http://127.0.0.1:4100/app/';
  expect(baseURL(undefined, undefined, recorded)).toBe('http://127.0.0.1:4100/app/');
  expect(baseURL('http://ci:8080', undefined, recorded)).toBe('http://ci:8080/app/');
  expect(baseURL('http://ci:8080/', undefined, recorded)).toBe('http://ci:8080/app/');
  expect(baseURL('http://ci:8080/app/', undefined, recorded)).toBe('http://ci:8080/app/');
  expect(baseURL('http://ci:8080/app', undefined, recorded)).toBe('http://ci:8080/app/');
  expect(baseURL('http://ci:8080/shop/v2/', undefined, recorded)).toBe('http://ci:8080/shop/v2/');
});

test('an app at the root: BASE_URL unset, set to the origin, set to a prefix', () => {
  const recorded = 'http://127.0.0.1:4100/';
  expect(baseURL(undefined, undefined, recorded)).toBe('http://127.0.0.1:4100/');
  expect(baseURL('http://ci:8080', undefined, recorded)).toBe('http://ci:8080/');
  expect(baseURL('http://ci:8080/app/', undefined, recorded)).toBe('http://ci:8080/app/');
});

test('the config\'s baseURL counts when BASE_URL is unset, by the same rule; BASE_URL wins', () => {
  const recorded = 'http://127.0.0.1:4100/app/';
  expect(baseURL(undefined, 'http://localhost:3000/', recorded)).toBe('http://localhost:3000/app/');
  expect(baseURL(undefined, 'http://localhost:3000/app/', recorded)).toBe('http://localhost:3000/app/');
  expect(baseURL('', 'http://localhost:3000/app/', recorded)).toBe('http://localhost:3000/app/');
  expect(baseURL('http://ci:8080/', 'http://localhost:3000/other/', recorded)).toBe('http://ci:8080/app/');
});

test('generated URLs are relative to the configured base\'s directory when the recordings lie under it', () => {
  // Recorded deeper than the configured app root: URLs stay relative to the root the config names.
  expect(appBase(['http://localhost:3000/app/admin/login'], 'http://localhost:3000/app/').directory).toBe('/app/');
  expect(appBase(['http://localhost:3000/app/admin/login'], 'http://localhost:3000/app').directory).toBe('/app/');
  expect(appBase(['http://localhost:3000/app/admin/login'], 'http://localhost:3000/app/index.html').directory).toBe('/app/');
  expect(appBase(['http://localhost:3000/demo/index.html'], 'http://localhost:3000/').directory).toBe('/');
  // Recorded elsewhere: the recorded start directory, which the configured path then replaces.
  expect(appBase(['http://a/x/y/login'], 'http://localhost:3000/app/').directory).toBe('/x/y/');
  expect(appBase(['http://a/x/y/login']).directory).toBe('/x/y/');
  const recorded = `http://localhost:3000${appBase(['http://localhost:3000/app/admin/login'], 'http://localhost:3000/app/').directory}`;
  expect(new URL('./admin/login', baseURL(undefined, 'http://localhost:3000/app/', recorded)).href).toBe('http://localhost:3000/app/admin/login');
  expect(new URL('./admin/login', baseURL('http://ci/shop/', 'http://localhost:3000/app/', recorded)).href).toBe('http://ci/shop/admin/login');
});

test('the generated playwright.config.ts follows the rule: BASE_URL, else the project config\'s baseURL, else the recorded base', () => {
  const withProject = emitConfig(newProject(), { baseUrl: 'http://127.0.0.1:4100/app/', testIdAttribute: 'data-testid', projectConfig: '../brow-use.config.ts' }).text;
  expect(withProject).toContain("import project from '../brow-use.config.ts';");
  expect(withProject).toContain('baseURL: appBaseURL(process.env.BASE_URL || project.baseURL, recordedBase),');
  const alone = emitConfig(newProject(), { baseUrl: 'http://127.0.0.1:4100/app/', testIdAttribute: 'data-testid', projectConfig: null }).text;
  expect(alone).not.toContain('project');
  expect(alone).toContain('baseURL: appBaseURL(process.env.BASE_URL, recordedBase),');
});
