import type { Locator } from 'playwright';
import { assertNever } from '../../core/errors.ts';
import type { ElementStep, ExecContext, ExecOutcome } from './types.ts';

/** Executors of the actions that act on one element, given the element the cascade found. */

/** How far one `scroll` page moves, as a fraction of the viewport (the agent's own unit). */
const kScrollPageFraction = 0.9;

async function selectOption(target: Locator, text: string, timeout: number): Promise<void> {
  try {
    await target.selectOption({ label: text }, { timeout });
  } catch {
    await target.selectOption(text, { timeout });
  }
}

export async function runElementStep(ctx: ExecContext, step: ElementStep, target: Locator): Promise<ExecOutcome> {
  const timeout = ctx.actionTimeoutMs;
  switch (step.action) {
    case 'click': {
      const { button, double } = step.params;
      if (double) await target.dblclick({ button, timeout });
      else await target.click({ button, timeout });
      return {};
    }
    case 'input': {
      const text = ctx.text(step.params.text);
      if (step.params.clear === false) await target.pressSequentially(text, { timeout });
      else await target.fill(text, { timeout });
      return {};
    }
    case 'hover':
      await target.hover({ timeout });
      return {};
    case 'select_dropdown':
      await selectOption(target, ctx.text(step.params.text), timeout);
      return {};
    case 'dropdown_options': {
      const options = await target.locator('option').allTextContents();
      return { result: options.map((o) => o.trim()).join('\n') };
    }
    case 'upload_file':
      await target.setInputFiles(ctx.text(step.params.path), { timeout });
      return {};
    case 'scroll': {
      const { down = true, pages = 1 } = step.params;
      await target.evaluate(
        (el, { dy }) => el.scrollBy(0, dy * el.clientHeight),
        { dy: (down ? 1 : -1) * pages * kScrollPageFraction },
      );
      return {};
    }
    default:
      return assertNever(step, 'element action');
  }
}
