import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { locatorByRef } from '../../../core/playwright-internals.ts';
import { kVisionJpegQuality } from '../../perceive/vision.ts';
import { untraced } from '../../record/untraced.ts';
import { defineSkill, SkillStepError } from '../define-skill.ts';
import { pathLocator } from '../resolve-target.ts';

/**
 * `ask_element`: answer a question about one element by looking at it. A close screenshot of the
 * element (by index, with a margin of its surroundings) and the question go to a model that
 * reads images; its answer is the action's result. Nothing is clicked or typed, so the history
 * records nothing; the picture is kept under the session files (`questions/`) as evidence.
 */

/** Surroundings kept around the element: a label or legend beside it often decides the answer. */
const kMarginPx = 24;
/** Larger elements are cut to this (a whole-page table is not "one element"). */
const kMaxSidePx = 1_200;

export default defineSkill({
  name: 'ask_element',
  description: 'Answer a question about the element at index by looking at it (a close screenshot goes to a vision model): colours, icons, images, charts, what the text list does not tell.',
  params: z.strictObject({
    index: z.number().int().min(1).describe('index of the element in the element list'),
    question: z.string().min(1).describe('what to find out about the element'),
  }),
  async run(ctx, { index, question }) {
    if (!ctx.askImage) throw new SkillStepError('no model is available to look at images in this capture');
    const refusal = ctx.askImage.refusal();
    if (refusal) throw new SkillStepError(refusal);
    const element = ctx.observation?.elements.find((candidate) => candidate.index === index);
    if (!element) throw new SkillStepError(`no element with index ${index} in the current element list`);
    const label = `${element.role}${element.name ? ` ${JSON.stringify(element.name)}` : ''}`;
    const locator = element.path ? pathLocator(ctx.page, element.path) : locatorByRef(ctx.page, element.ref);
    const image = await untraced(ctx.page, async () => {
      await locator.scrollIntoViewIfNeeded({ timeout: ctx.timeoutMs });
      const box = await locator.boundingBox({ timeout: ctx.timeoutMs });
      if (!box || box.width <= 0 || box.height <= 0) throw new SkillStepError(`${label} is not visible: nothing to look at`);
      const viewport = ctx.page.viewportSize() ?? { width: box.x + box.width + kMarginPx, height: box.y + box.height + kMarginPx };
      const x = Math.max(0, box.x - kMarginPx);
      const y = Math.max(0, box.y - kMarginPx);
      const clip = {
        x, y,
        width: Math.min(box.width + 2 * kMarginPx, kMaxSidePx, viewport.width - x),
        height: Math.min(box.height + 2 * kMarginPx, kMaxSidePx, viewport.height - y),
      };
      return ctx.page.screenshot({ type: 'jpeg', quality: kVisionJpegQuality, clip, animations: 'disabled' });
    });
    const dir = path.join(ctx.filesDir, 'questions');
    await fs.mkdir(dir, { recursive: true });
    const name = `step${ctx.step}-element${index}.jpg`;
    const file = path.join(dir, name);
    await fs.writeFile(file, image);
    const answer = await ctx.askImage.ask({ question, element: label, image: `data:image/jpeg;base64,${image.toString('base64')}` }, ctx.signal);
    return { text: `About [${index}] ${label}: ${answer}`, artifacts: { [`question:${name}`]: file } };
  },
});
