import type { ChatMessage } from '../llm/transport.ts';
import type { Observation } from '../types.ts';
import { finishCheckPrompt } from './prompts.ts';

/** The per-step user message and the finish-check request. */

/** The page text is capped (~7.5K tokens): busy pages must not blow the context; extract reads more. */
const kMaxStateChars = 30_000;
/** What of the memory the finish check sees. */
const kMemoryChars = 3_000;

export interface StepMessageInput {
  task: string;
  memory: string;
  history: string;
  observation: Observation;
  maxSteps: number;
  notes: string[];
  /** Files upload_file may use (session files and --upload-path). */
  files?: string[];
}

function clipState(text: string): string {
  return text.length > kMaxStateChars ? `${text.slice(0, kMaxStateChars)}\n(page list cut at ${kMaxStateChars} characters; scroll or extract for the rest)` : text;
}

export function stepMessage(input: StepMessageInput): string {
  const { observation } = input;
  const parts = [
    `<task>\n${input.task}\n</task>`,
    `<memory>\n${input.memory || '(empty)'}\n</memory>`,
    `<history>\n${input.history}\n</history>`,
    `<step>\nStep ${observation.step} of at most ${input.maxSteps}.\n</step>`,
    `<browser_state>\n${clipState(observation.text)}\n</browser_state>`,
  ];
  if (input.files?.length) parts.push(`<files>\nFiles you may upload: ${input.files.map((file) => JSON.stringify(file)).join(', ')}\n</files>`);
  if (input.notes.length) parts.push(`<notes>\n${input.notes.map((note) => `- ${note}`).join('\n')}\n</notes>`);
  return parts.join('\n');
}

export function finishCheckMessages(input: { task: string; memory: string; text: string; url: string }): ChatMessage[] {
  const memory = input.memory.length > kMemoryChars ? `${input.memory.slice(0, kMemoryChars)}…` : input.memory;
  return [
    { role: 'system', content: finishCheckPrompt() },
    {
      role: 'user',
      content: `<task>\n${input.task}\n</task>\n<agent_memory>\n${memory || '(empty)'}\n</agent_memory>\n<current_page>${input.url}</current_page>\n<final_text>\n${input.text}\n</final_text>`,
    },
  ];
}
