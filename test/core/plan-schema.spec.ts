import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { Ajv } from 'ajv';
import { ActionName } from '../../core/schema/actions.ts';
import { Plan } from '../../core/schema/plan.ts';
import { kPlanSchemaFile, planJsonSchemaText } from '../../core/schema/plan-json-schema.ts';
import { kRepoRoot } from '../../harness/cli.ts';

/** The plan JSON Schema that ships: generated from the zod schema, and it agrees with it. */

const shipped = fs.readFileSync(path.join(kRepoRoot, kPlanSchemaFile), 'utf8');
const validate = new Ajv({ strict: false }).compile(JSON.parse(shipped));

test('the schema in the package is the one the zod schema gives (npm run build writes it)', () => {
  expect(shipped).toBe(planJsonSchemaText());
  const manifest = JSON.parse(fs.readFileSync(path.join(kRepoRoot, 'package.json'), 'utf8')) as { files: string[] };
  expect(manifest.files).toContain(kPlanSchemaFile);
});

test('the schema and the parser accept and reject the same plans', () => {
  const demo = JSON.parse(fs.readFileSync(path.join(kRepoRoot, 'demo', 'plans', 'create-item.json'), 'utf8')) as { $schema: string };
  expect(path.resolve(kRepoRoot, 'demo', 'plans', demo.$schema)).toBe(path.join(kRepoRoot, kPlanSchemaFile));
  const cases: { plan: unknown; ok: boolean }[] = [
    { plan: demo, ok: true },
    { plan: { version: 1, steps: [{ click: { target: { role: 'button', name: 'Save', exact: true, nth: 0 } } }, { scroll: {} }, { done: { text: 'ok' } }] }, ok: true },
    { plan: { version: 1, steps: [{ click: {} }] }, ok: false },
    { plan: { version: 1, steps: [{ press: { keys: 'Enter' } }] }, ok: false },
    { plan: { version: 1, steps: [{ click: { target: 'css=a' }, hover: { target: 'css=a' } }] }, ok: false },
    { plan: { version: 1, steps: [{ input: { target: 'css=#q', text: 'x', speed: 2 } }] }, ok: false },
    { plan: { version: 1, steps: [{ navigate: { url: 'http://x/', target: 'css=a' } }] }, ok: false },
    { plan: { version: 2, steps: [{ go_back: {} }] }, ok: false },
    { plan: { version: 1, steps: [] }, ok: false },
  ];
  for (const { plan, ok } of cases) {
    expect(validate(plan), JSON.stringify(plan)).toBe(ok);
    expect(Plan.safeParse(plan).success, JSON.stringify(plan)).toBe(ok);
  }
});

test('every action is in the schema, with its parameters', () => {
  const schema = JSON.parse(shipped) as { properties: { steps: { items: { anyOf: { required: string[] }[] } } } };
  expect(schema.properties.steps.items.anyOf.map((step) => step.required[0])).toEqual(ActionName.options);
});
