import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { OutputPaths } from '../../core/paths.ts';
import type { RunsDb } from '../../core/runs-db.ts';
import type { LiveBrowser } from '../live.ts';

/**
 * `defineTool`: one MCP tool, its zod input schema (the SDK turns it into the tool's JSON schema
 * and validates every call with it) and its handler. Handlers answer text (and images); expected
 * failures are thrown as errors and become `isError` answers.
 */

export interface ToolContext {
  live: LiveBrowser;
  paths: OutputPaths;
  runs: RunsDb;
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  log(message: string): void;
}

export type ToolAnswer = CallToolResult;

export interface McpTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** Reads or writes nothing outside the output dir and changes no page. */
  readOnly?: boolean;
  run(ctx: ToolContext, args: z.infer<S>): Promise<ToolAnswer>;
}

export function defineTool<S extends z.ZodObject>(tool: McpTool<S>): McpTool {
  return tool;
}

/** A text answer made of sections; empty sections are left out. */
export function answer(sections: Array<[title: string, body: string | null | undefined]>, extra: ToolAnswer['content'] = []): ToolAnswer {
  const text = sections
    .filter(([, body]) => body !== null && body !== undefined && body !== '')
    .map(([title, body]) => `### ${title}\n${body}`)
    .join('\n\n');
  return { content: [{ type: 'text', text }, ...extra] };
}

/** A JSON answer: the value as text, also as structured content for clients that read it. */
export function jsonAnswer(value: Record<string, unknown>, note?: string): ToolAnswer {
  const text = `${note ? `${note}\n\n` : ''}${JSON.stringify(value, null, 2)}`;
  return { content: [{ type: 'text', text }], structuredContent: value };
}

export function errorAnswer(message: string): ToolAnswer {
  return { content: [{ type: 'text', text: `Error: ${message}` }], isError: true };
}

export function fence(language: string, body: string): string {
  return `\`\`\`${language}\n${body.replace(/\n$/, '')}\n\`\`\``;
}
