import type { Locator, Page } from 'playwright';
import { locatorFromCode } from '../../core/locator/build.ts';
import type { AriaLogLine } from '../../core/schema/logs.ts';
import type { History, HistoryStep } from '../../core/schema/history.ts';
import { chooseLocator, kDefaultTestIdAttribute } from '../../generate/model/locate.ts';
import type { StepEvidence } from '../../generate/model/candidates.ts';
import { rowScope } from '../../generate/model/rows.ts';
import { parseAriaText, type RecordedSnapshot } from '../../generate/model/snapshot.ts';
import { locatorExpression } from '../../core/locator/model-code.ts';

/**
 * The third baseline: each step's element found the way a generated spec finds it (generate's own
 * locator choice: role and name first, inside the item for row controls), then acted on with plain
 * Playwright. No fingerprint, no cascade, no verification.
 */


/** The Playwright code a generated spec would use for a step's element, or null for page actions. */
export function roleFirstCode(step: HistoryStep, aria: AriaLogLine[], evidence: Map<number, StepEvidence> | null = null): string | null {
  const fp = step.fingerprint;
  if (!fp) return null;
  const checked = evidence?.get(step.index);
  const row = rowScope(fp, step.locator, kDefaultTestIdAttribute, checked);
  if (row) {
    const list = row.scope ? `${locatorExpression(row.scope, 'x').slice(2)}.` : '';
    const filter = row.exactKey ? `{ has: page.getByText(${JSON.stringify(row.key)}, { exact: true }) }` : `{ hasText: ${JSON.stringify(row.key)} }`;
    return `${list}getByRole(${JSON.stringify(row.role)}).filter(${filter}).${locatorExpression(row.locator, 'x').slice(2)}`;
  }
  // The recorded snapshots of the step's page, as generate groups them.
  const snapshots: RecordedSnapshot[] = aria.filter((line) => line.url === step.pre.url).map((line) => ({ url: line.url, title: line.title, nodes: parseAriaText(line.snapshot) }));
  const { locator } = chooseLocator(fp, step.locator, snapshots, kDefaultTestIdAttribute, checked ? [checked] : []);
  return locatorExpression(locator, 'page').replace(/^page\./, '');
}

/** Steps are a few milliseconds apart, so the events of one are never stamped with the next one's time. */
const kStepGapMs = 5;
const gap = () => new Promise((resolve) => setTimeout(resolve, kStepGapMs));

export interface RoleFirstStep {
  action: string;
  ok: boolean;
  error: string | null;
}

/** Runs a history's steps with role-first locators; stops at the first failure like a spec. */
export interface RoleFirstOptions {
  baseUrl: string;
  secrets: Record<string, string>;
  aria: AriaLogLine[];
  evidence: Map<number, StepEvidence> | null;
  timeoutMs: number;
  onStep(): void;
  /** A step's element found another way than generate's (the person run, see run.ts); null: the role-first locator. */
  locate?: (step: HistoryStep) => Locator | null;
}

export async function runRoleFirst(page: Page, history: History, options: RoleFirstOptions): Promise<RoleFirstStep[]> {
  const { baseUrl, secrets, aria, evidence, onStep } = options;
  const rebase = (url: string) => {
    const u = new URL(url);
    return new URL(u.pathname + u.search + u.hash, baseUrl).href;
  };
  const text = (value: string) => value.replace(/\{\{secret:([\w-]+)\}\}/g, (_, name: string) => secrets[name] ?? '');
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  await page.goto(rebase(history.steps[0]?.pre.url ?? history.startUrl), { waitUntil: 'domcontentloaded' });
  const out: RoleFirstStep[] = [];
  let failed = false;
  for (const step of history.steps) {
    if (failed) {
      out.push({ action: step.action, ok: false, error: 'skipped' });
      await gap();
      onStep();
      continue;
    }
    try {
      const code = roleFirstCode(step, aria, evidence);
      const target = options.locate?.(step) ?? (code ? locatorFromCode(page, code) : null);
      const params = step.params as Record<string, unknown>;
      const timeout = options.timeoutMs;
      switch (step.action) {
        case 'click': await target!.click({ timeout }); break;
        case 'input': await (params.clear === false ? target!.pressSequentially(text(String(params.text ?? '')), { timeout }) : target!.fill(text(String(params.text ?? '')), { timeout })); break;
        case 'select_dropdown': await target!.selectOption({ label: String(params.text ?? '') }, { timeout }); break;
        case 'hover': await target!.hover({ timeout }); break;
        case 'send_keys': await page.keyboard.press(String(params.keys ?? '')); break;
        case 'navigate': await page.goto(rebase(String(params.url)), { waitUntil: 'domcontentloaded' }); break;
        default: break;
      }
      await page.waitForLoadState('domcontentloaded');
      out.push({ action: step.action, ok: true, error: null });
    } catch (err) {
      failed = true;
      const code = (() => { try { return roleFirstCode(step, aria, evidence); } catch { return null; } })();
      out.push({ action: step.action, ok: false, error: `${code ?? ''}: ${err instanceof Error ? err.message.split('\n')[0]! : String(err)}` });
    }
    await gap();
    onStep();
    await gap();
  }
  return out;
}
