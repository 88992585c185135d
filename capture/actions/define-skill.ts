import type { Page } from 'playwright';
import type { z } from 'zod';
import type { Session } from '../session.ts';
import type { ActionCall, Observation, SkillName } from '../types.ts';
import type { Executed } from './executed.ts';

/**
 * `defineSkill`: one module per skill. A skill is offered to the model like an action (same
 * schema, same prompt list) but runs as recorded actions through `perform`, each its own history
 * step, so the history stays in the vocabulary replay knows.
 */

/** A model that looks at an image and answers a question about it (`ask_element`). */
export interface ImageAsker {
  /** Why this model cannot answer about images, or null when it can. */
  refusal(): string | null;
  ask(input: { question: string; element: string; image: string }, signal: AbortSignal): Promise<string>;
}

export interface SkillContext {
  session: Session;
  /** The active tab when the skill started. */
  page: Page;
  /** The step's element list (indexes address it). */
  observation: Observation | null;
  filesDir: string;
  signal: AbortSignal;
  timeoutMs: number;
  step: number;
  /** The capture's image-reading model, when it has one. */
  askImage: ImageAsker | null;
  /** Runs one recorded action (one history step) and reports what happened. */
  perform(call: ActionCall): Promise<Executed>;
}

export interface SkillRunResult {
  /** Short result for the policy. Never echoes typed text (it may be a secret). */
  text: string;
  /** Files the skill produced, listed in the run's artifacts (label -> path). */
  artifacts?: Record<string, string>;
}

export interface SkillDef<P extends z.ZodObject = z.ZodObject> {
  name: SkillName;
  description: string;
  /** Params as a model writes them. */
  params: P;
  run(ctx: SkillContext, params: z.infer<P>): Promise<SkillRunResult>;
}

export function defineSkill<P extends z.ZodObject>(def: SkillDef<P>): SkillDef<P> {
  return def;
}

/** A sub-action failed: the skill stops there and says how far it got. */
export class SkillStepError extends Error {
  override name = 'SkillStepError';
}
