import { z } from 'zod';
import type { ImageAsker } from '../actions/define-skill.ts';
import { ModelUnavailableError, type LlmClient } from '../../core/llm/client.ts';
import { mapMessageText } from '../../core/llm/transport.ts';
import { modelTakesImages } from '../../core/llm/vision-models.ts';
import { elementQuestionMessages } from './messages.ts';

/**
 * The model behind `ask_element`: the capture's own client, asked with the element's picture.
 * A model that does not read images is refused up front with what to do instead, rather than
 * sent a picture it would ignore or reject.
 */

export const ElementAnswer = z.strictObject({ answer: z.string().min(1).describe('what the image shows about the question, one or two sentences') });

export function imageAsker(options: { client: LlmClient; redact: (text: string) => string; env: NodeJS.ProcessEnv; visionOn: boolean }): ImageAsker {
  const { client, env } = options;
  return {
    refusal() {
      const declared = options.visionOn || env.BU_VISION === '1' || env.BU_VISION === 'true';
      if (declared || modelTakesImages(client.model)) return null;
      return `the model ${client.model} does not take images, so it cannot look at an element: set BU_MODEL to a vision model (e.g. gpt-4.1-mini), or BU_VISION=1 if this one does read images; use extract for text`;
    },
    async ask(input, signal) {
      const messages = elementQuestionMessages(input).map((m) => ({ role: m.role, content: mapMessageText(m.content, options.redact) }));
      try {
        const answer = await client.complete({ purpose: 'agent.element-question', messages, schema: ElementAnswer, schemaName: 'element_answer', signal });
        if (!answer.ok) throw new Error(`the model's answer about the element could not be used: ${answer.error}`);
        return answer.value.answer;
      } catch (err) {
        if (err instanceof ModelUnavailableError) throw new Error(`no answer about the element: ${err.message}`);
        throw err;
      }
    },
  };
}
