import type { Locator } from 'playwright';
import { chooseOption } from '../../core/act/dropdown.ts';
import { heldStateOf, isFieldTag, typeInto } from '../../core/act/type-into.ts';
import { uploadPath, uploadRefusal } from '../../core/act/upload-path.ts';
import { assertNever } from '../../core/errors.ts';
import { inPage } from '../../core/in-page.ts';
import type { CentreHit } from '../../core/in-page/centre-hit.ts';
import { readBackAtPath, type FoundAt } from '../../locate/at-path.ts';
import type { ElementStep, ExecContext, ExecOutcome } from './types.ts';

/**
 * Executors of the actions that act on one element, given the element the cascade found. They
 * act the way capture did (core/act): a custom dropdown is opened and its option clicked, an
 * upload resolves its file among the same allowed places.
 */

/**
 * How long the look at what the centre reaches waits for the element to show: the click itself
 * waits the action's whole timeout after it, so an element that shows late is not waited for twice.
 */
const kHitLookMs = 1_000;

/**
 * Where to click `target`: where the pointer reaches what it reached when the click was recorded
 * (the fingerprint's `hit`), when another of its descendants now covers its centre; else its
 * centre, as Playwright clicks. A canvas whose background was clicked gets its background, not the
 * node that moved to its middle.
 */
async function clickPosition(target: Locator, step: ElementStep, at: FoundAt | null): Promise<{ x: number; y: number } | undefined> {
  const recorded = step.fingerprint?.hit;
  if (!recorded) return undefined;
  // Read at the recorded path just before, in view, its centre reached what it reached when
  // recorded: the centre is where to click, with no look of its own.
  if (at?.centre && sameHit(at.centre, recorded)) return undefined;
  await target.scrollIntoViewIfNeeded({ timeout: kHitLookMs }).catch(() => undefined);
  return (await target.evaluate(await inPage.fn('hitPoint'), recorded, { timeout: kHitLookMs }).catch(() => null)) ?? undefined;
}

function sameHit(a: CentreHit, b: CentreHit): boolean {
  return a.self === b.self && a.tag === b.tag && a.classes.join(' ') === b.classes.join(' ');
}

/** How far one `scroll` page moves, as a fraction of the viewport (the agent's own unit). */
const kScrollPageFraction = 0.9;

/**
 * The options of a native select where the cascade found it (see at-path.ts); undefined when it is
 * not there. The labels read with the element serve when they hold the one to choose (they tell a
 * choice by label, and a select whose options are still loading is read again); else they are
 * read again there now.
 */
async function nativeAt(target: Locator, at: FoundAt, text: string): Promise<string[] | null | undefined> {
  if (at.nativeOptions?.some((label) => label.trim() === text.trim())) return at.nativeOptions;
  return readBackAtPath(target.page(), at.cssPath, at.identity, 'nativeOptions', null);
}

export async function runElementStep(ctx: ExecContext, step: ElementStep, target: Locator): Promise<ExecOutcome> {
  const timeout = ctx.actionTimeoutMs;
  switch (step.action) {
    case 'click': {
      const { button, double } = step.params;
      const position = await clickPosition(target, step, ctx.targetAt);
      if (double) await target.dblclick({ button, timeout, ...(position ? { position } : {}) });
      else await target.click({ button, timeout, ...(position ? { position } : {}) });
      return {};
    }
    case 'input': {
      const text = ctx.text(step.params.text);
      // A form field replaced whole keeps its name as it takes the text: filled through its
      // locator, its state read where it was found (one round trip, as a script's `fill`).
      if (step.params.clear !== false && isFieldTag(step.fingerprint?.tag)) {
        await target.fill(text, { timeout });
        return {};
      }
      // Typed as capture typed it (core/act/type-into.ts); the state after is read from the element
      // typed into, which an editor may rename or replace as it takes the text.
      const typed = await typeInto(target, text, { append: step.params.clear === false, timeout });
      return {
        actedState: async () => {
          const live = await heldStateOf(typed);
          await typed.element.dispose().catch(() => undefined);
          return live;
        },
      };
    }
    case 'hover':
      await target.hover({ timeout });
      return {};
    case 'select_dropdown': {
      const text = ctx.text(step.params.text);
      await chooseOption(ctx.page, target, text, { timeout, readNative: ctx.targetAt === null ? undefined : () => nativeAt(target, ctx.targetAt!, text) });
      return {};
    }
    case 'dropdown_options': {
      const options = await target.locator('option').allTextContents();
      return { result: options.map((o) => o.trim()).join('\n') };
    }
    case 'upload_file': {
      const file = ctx.text(step.params.path);
      const resolved = uploadPath(file, ctx.files);
      if (!resolved) throw new Error(uploadRefusal(file, ctx.files));
      await target.setInputFiles(resolved, { timeout });
      return {};
    }
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
