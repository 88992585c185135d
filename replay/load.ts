import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { parseJsonText, parseWith } from '../core/io/read.ts';
import type { OutputPaths } from '../core/paths.ts';
import { History, kHistoryVersion } from '../core/schema/history.ts';

/** Reads the history a replay runs: a session id (`output/history/<id>.json`) or a file path. */

const Versioned = z.looseObject({ version: z.number() });

export interface LoadedHistory {
  history: History;
  file: string;
}

export async function loadHistory(arg: string, paths: OutputPaths, cwd: string): Promise<LoadedHistory> {
  const looksLikeFile = arg.endsWith('.json') || arg.includes('/') || arg.includes(path.sep);
  const file = looksLikeFile ? path.resolve(cwd, arg) : paths.history(arg);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw new UsageError(
      looksLikeFile ? `history file not found: ${file}` : `no history for session ${arg} (looked for ${file})`,
      'run `bu capture` first, see `bu runs list`, or pass the path of a history JSON file',
    );
  }
  const value = parseJsonText(text, file);
  const versioned = Versioned.safeParse(value);
  if (versioned.success && versioned.data.version > kHistoryVersion) {
    throw new UsageError(
      `${file}: history version ${versioned.data.version} is newer than this brow-use understands (${kHistoryVersion})`,
      'upgrade brow-use to replay it',
    );
  }
  return { history: parseWith(History, value, file), file };
}
