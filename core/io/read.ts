import fs from 'node:fs/promises';
import type { z } from 'zod';
import { describeIssues, isBadPathError, UsageError } from '../errors.ts';

/** Parses text as JSON, reporting the line of a syntax error. */
export function parseJsonText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(message);
    const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : undefined;
    throw new UsageError(`${source}${line ? `:${line}` : ''}: not valid JSON (${message})`);
  }
}

/** Validates `value` with `schema`; errors name the source and the failing fields. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, source: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(`${source}: ${describeIssues(result.error)}`);
  return result.data;
}

async function readText(file: string, what: string): Promise<string> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (err) {
    if (isBadPathError(err)) {
      throw new UsageError(`${what} not found: ${file.length > 200 ? `${file.slice(0, 200)}…` : file} (${(err as NodeJS.ErrnoException).code})`);
    }
    throw err;
  }
}

/** Reads and validates a JSON file. */
export async function readJsonFile<S extends z.ZodType>(schema: S, file: string, what = 'file'): Promise<z.infer<S>> {
  const text = await readText(file, what);
  return parseWith(schema, parseJsonText(text, file), file);
}

/** Reads and validates a JSONL file; an error names `file:line`. */
export async function readJsonLines<S extends z.ZodType>(schema: S, file: string, what = 'file'): Promise<z.infer<S>[]> {
  const text = await readText(file, what);
  return parseJsonLines(schema, text, file);
}

export function parseJsonLines<S extends z.ZodType>(schema: S, text: string, source: string): z.infer<S>[] {
  const out: z.infer<S>[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    const where = `${source}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new UsageError(`${where}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    out.push(parseWith(schema, value, where));
  }
  return out;
}
