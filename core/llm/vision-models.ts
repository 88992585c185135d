import { z } from 'zod';
import { kDefaultModel } from './config.ts';

/**
 * `--vision auto|on|off`: whether the agent sends a labelled screenshot each step. `auto` is on
 * when BU_VISION=1 or the model's name says it reads images; off costs nothing (no screenshot).
 */

export const VisionMode = z.enum(['auto', 'on', 'off']);
export type VisionMode = z.infer<typeof VisionMode>;

/** Model families that take images; a local text model (llama3, mistral, qwen2.5) stays text-only. */
const kVisionModels = /gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|\bo[34]\b|o[34]-|claude|gemini|vision|llava|pixtral|qwen[\w.-]*vl|-vl\b|llama-?3\.2-?\d+b-vision|minicpm-v/i;

export function modelTakesImages(model: string): boolean {
  return kVisionModels.test(model);
}

export function resolveVision(mode: VisionMode, env: NodeJS.ProcessEnv, replaying = false): boolean {
  switch (mode) {
    case 'on':
      return true;
    case 'off':
      return false;
    case 'auto':
      if (env.BU_VISION === '1' || env.BU_VISION === 'true') return true;
      if (env.BU_VISION === '0' || env.BU_VISION === 'false' || replaying) return false;
      return modelTakesImages(env.BU_MODEL || kDefaultModel);
  }
}
