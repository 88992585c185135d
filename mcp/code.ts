import type { ActionName } from '../core/schema/actions.ts';
import type { FlowCheck, FlowValue } from '../core/schema/page-model.ts';
import { splitChords } from '../capture/actions/send_keys.ts';
import type { RecordedStep } from '../capture/actions/executed.ts';
import { checkStatement } from '../generate/emit/expect-code.ts';
import { str } from '../core/locator/model-code.ts';

/**
 * The Playwright code an executed action amounts to, as MCP tools answer it:
 * `await page.getByRole('button', { name: 'Save' }).click();`. Element actions use the best
 * locator recorded for the target (`locator.normalize()`, pinned with `nth` when not unique);
 * params are the recorded ones, so secrets show as `{{secret:NAME}}`, never their value.
 */

type Params = Record<string, unknown>;
type Render = (params: Params, element: string, record: RecordedStep) => string[];

function options(entries: Record<string, unknown>): string {
  const parts = Object.entries(entries)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? str(value) : String(value)}`);
  return parts.length ? `{ ${parts.join(', ')} }` : '';
}

const kRender: Partial<Record<ActionName, Render>> = {
  navigate: (p) => (p.newTab ? ['const newPage = await context.newPage();', `await newPage.goto(${str(String(p.url))});`] : [`await page.goto(${str(String(p.url))});`]),
  go_back: () => ['await page.goBack();'],
  wait: (p) => [`await page.waitForTimeout(${Math.round(Number(p.seconds ?? 3) * 1000)});`],
  click: (p, el) => {
    const opts = options({ button: p.button && p.button !== 'left' ? p.button : undefined });
    return [`await ${el}.${p.double ? 'dblclick' : 'click'}(${opts});`];
  },
  input: (p, el) => [`await ${el}.${p.clear === false ? 'pressSequentially' : 'fill'}(${str(String(p.text))});`],
  hover: (_p, el) => [`await ${el}.hover();`],
  send_keys: (p) => splitChords(String(p.keys)).map((chord) => `await page.keyboard.press(${str(chord)});`),
  select_dropdown: (p, el, record) =>
    record.targetAfter?.selected
      ? [`await ${el}.selectOption(${str(String(p.text))});`]
      : [`await ${el}.click();`, `await page.getByRole('option', { name: ${str(String(p.text))}, exact: true }).click();`],
  screenshot: (p) => [`await page.screenshot(${options({ fullPage: p.fullPage })});`],
  switch: (p) => [`await context.pages()[${Number(p.tab)}].bringToFront();`],
  close: (p) => [p.tab === undefined ? 'await page.close();' : `await context.pages()[${Number(p.tab)}].close();`],
  expect_text: (p, el) => expectCode({ assert: 'text', element: el === 'page' ? null : el, text: literal(p.text), exact: p.exact === true }),
  expect_url: (p) => expectCode({ assert: 'url', url: literal(p.url), exact: p.exact === true }),
  expect_title: (p) => expectCode({ assert: 'title', title: literal(p.title), exact: p.exact === true }),
  expect_value: (p, el) => expectCode({ assert: 'value', element: el, value: literal(p.value) }),
  expect_checked: (p, el) => expectCode({ assert: 'checked', element: el, checked: p.checked !== false }),
  expect_count: (p, el) => expectCode({ assert: 'count', locator: el.replace(/^page\./, ''), count: Number(p.count) }),
};

function literal(value: unknown): FlowValue {
  return { kind: 'literal', value: String(value) };
}

/** An expect step as the assertion a spec would make: the element is its recorded locator on `page`. */
function expectCode(check: FlowCheck): string[] {
  return [checkStatement(check, { page: 'page', element: (code) => code, value: (value) => (value.kind === 'literal' ? str(value.value) : '') })];
}

/** The code lines for one recorded step, or a comment when the action has no Playwright equivalent. */
export function playwrightCode(record: RecordedStep): string[] {
  const element = record.locator ? `page.${record.locator.code}` : 'page';
  const render = kRender[record.action];
  if (!render) return [`// ${record.action} ${JSON.stringify(record.params)}`];
  return render(record.params as Params, element, record);
}
