import type { ChatMessage } from '../../core/llm/transport.ts';
import { elementQuestionPrompt, finishCheckPrompt, planPrompt, revisionPrompt, subtaskCheckPrompt, summaryPrompt } from './prompts.ts';

/**
 * The user messages of every model question. The step message is ordered by how often its parts
 * change: the task (never), the history (grows at its end), then what changes every step
 * (subtasks, memory, todo, step, page, notes), so consecutive steps share the longest prefix.
 */

/** What of the memory the checks see. */
const kMemoryChars = 3_000;

export interface StepMessageInput {
  task: string;
  history: string;
  /** The subtask list (`SubtaskList.render`), when the run has one. */
  subtasks: string | null;
  memory: string;
  /** The model's todo.md, when it keeps one. */
  todo: string | null;
  step: number;
  maxSteps: number;
  /** The page as the model reads it this time: whole, or one part of it. */
  browserState: string;
  notes: string[];
  /** Files upload_file may use (session files and --upload-path). */
  files?: string[];
}

export function stepMessage(input: StepMessageInput): string {
  const parts = [`<task>\n${input.task}\n</task>`, `<history>\n${input.history}\n</history>`];
  if (input.subtasks) parts.push(`<subtasks>\n${input.subtasks}\n</subtasks>`);
  parts.push(`<memory>\n${input.memory || '(empty)'}\n</memory>`);
  if (input.todo) parts.push(`<todo>\n${input.todo}\n</todo>`);
  parts.push(`<step>\nStep ${input.step} of at most ${input.maxSteps}.\n</step>`, `<browser_state>\n${input.browserState}\n</browser_state>`);
  if (input.files?.length) parts.push(`<files>\nFiles you may upload: ${input.files.map((file) => JSON.stringify(file)).join(', ')}\n</files>`);
  if (input.notes.length) parts.push(`<notes>\n${input.notes.map((note) => `- ${note}`).join('\n')}\n</notes>`);
  return parts.join('\n');
}

function clipMemory(memory: string): string {
  return (memory.length > kMemoryChars ? `${memory.slice(0, kMemoryChars)}…` : memory) || '(empty)';
}

export function finishCheckMessages(input: { task: string; memory: string; text: string; url: string }): ChatMessage[] {
  return [
    { role: 'system', content: finishCheckPrompt() },
    {
      role: 'user',
      content: `<task>\n${input.task}\n</task>\n<agent_memory>\n${clipMemory(input.memory)}\n</agent_memory>\n<current_page>${input.url}</current_page>\n<final_text>\n${input.text}\n</final_text>`,
    },
  ];
}

export function planMessages(input: { task: string; page: string }): ChatMessage[] {
  return [
    { role: 'system', content: planPrompt() },
    { role: 'user', content: `<task>\n${input.task}\n</task>\n<start_page>\n${input.page}\n</start_page>` },
  ];
}

export interface SubtaskContext {
  task: string;
  subtasks: string;
  current: string;
  recentSteps: string;
  memory: string;
  /** The current page's header and the start of its list. */
  page: string;
}

function subtaskContext(input: SubtaskContext): string {
  return `<task>\n${input.task}\n</task>\n<subtasks>\n${input.subtasks}\n</subtasks>\n<current_subtask>\n${input.current}\n</current_subtask>\n<recent_steps>\n${input.recentSteps}\n</recent_steps>\n<agent_memory>\n${clipMemory(input.memory)}\n</agent_memory>\n<current_page>\n${input.page}\n</current_page>`;
}

export function subtaskCheckMessages(input: SubtaskContext): ChatMessage[] {
  return [{ role: 'system', content: subtaskCheckPrompt() }, { role: 'user', content: subtaskContext(input) }];
}

export function revisionMessages(input: SubtaskContext & { why: string }): ChatMessage[] {
  return [{ role: 'system', content: revisionPrompt() }, { role: 'user', content: `${subtaskContext(input)}\n<check>\n${input.why}\n</check>` }];
}

export function summaryMessages(input: { task: string; history: string }): ChatMessage[] {
  return [{ role: 'system', content: summaryPrompt() }, { role: 'user', content: `<task>\n${input.task}\n</task>\n<steps_to_summarise>\n${input.history}\n</steps_to_summarise>` }];
}

export function elementQuestionMessages(input: { question: string; element: string; image: string }): ChatMessage[] {
  return [
    { role: 'system', content: elementQuestionPrompt() },
    { role: 'user', content: [{ type: 'text', text: `Element: ${input.element}\nQuestion: ${input.question}` }, { type: 'image_url', image_url: { url: input.image, detail: 'high' } }] },
  ];
}
