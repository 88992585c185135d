import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { kAriaRoles, locatorRole } from '../../core/locator/aria-roles.ts';

/** The roles generated code may pass to `getByRole` are exactly those Playwright's types declare. */

function playwrightRoles(): string[] {
  const types = path.join(path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'types', 'types.d.ts');
  const declared = /getByRole\(role: ((?:"[a-z]+"\|?)+),/.exec(fs.readFileSync(types, 'utf8'));
  expect(declared, 'getByRole(role: "alert"|...) in playwright-core/types/types.d.ts').not.toBeNull();
  return declared![1]!.split('|').map((role) => JSON.parse(role) as string);
}

test('the role list is Playwright AriaRole union, no more and no less', () => {
  expect([...kAriaRoles].sort()).toEqual(playwrightRoles().sort());
});

test('only roles that find an element are locator roles', () => {
  expect(locatorRole('button')).toBe('button');
  expect(locatorRole('textbox')).toBe('textbox');
  for (const role of ['text', 'StaticText', 'generic', 'none', 'presentation', 'Button', '', null, undefined]) expect(locatorRole(role), String(role)).toBeNull();
});
