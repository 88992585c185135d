import { expect, test } from '../support/fixtures.ts';
import type { ModelLocator } from '../../core/schema/page-model.ts';
import { positionOnly } from '../../generate/model/position-only.ts';

const base: ModelLocator = { kind: 'role', role: 'button', value: 'Save', exact: true, frames: [], scope: null, row: null, matches: 1, verified: true, nth: null };

test('a locator that finds its element by its place alone is positional; one that names it is not', () => {
  const positional: Partial<ModelLocator>[] = [
    { kind: 'selector', role: null, value: 'html > body > div:nth-child(3) > button' },
    { kind: 'selector', role: null, value: 'div', nth: 5 },
    { kind: 'role', value: null, nth: 2 },
  ];
  const named: Partial<ModelLocator>[] = [
    {},
    { nth: 1 },
    { kind: 'selector', role: null, value: '#toolbar-open' },
    { kind: 'selector', role: null, value: 'button[name="save"]', nth: 0 },
    { kind: 'selector', role: null, value: 'div.card > button' },
    { kind: 'selector', role: null, value: 'button:has-text("Save")' },
    { kind: 'text', role: null, value: '300' },
    { kind: 'testId', role: null, value: 'save' },
  ];
  for (const p of positional) expect(positionOnly({ ...base, ...p }), JSON.stringify(p)).toBe(true);
  for (const p of named) expect(positionOnly({ ...base, ...p }), JSON.stringify(p)).toBe(false);
});
