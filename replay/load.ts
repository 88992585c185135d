import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isBadPathError, UsageError } from '../core/errors.ts';
import { parseJsonText, parseWith } from '../core/io/read.ts';
import type { OutputPaths } from '../core/paths.ts';
import { History, kHistoryVersion } from '../core/schema/history.ts';

/** Reads the history a replay runs: a session id (`output/history/<id>.json`) or a file path. */

const Versioned = z.looseObject({ version: z.number() });
const kSafeSegment = /^[A-Za-z0-9._-]+$/;

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
    if (!isBadPathError(err)) throw err;
    const shown = file.length > 200 ? `${file.slice(0, 200)}…` : file;
    throw new UsageError(
      looksLikeFile ? `history file not found: ${shown}` : `no history for session ${arg.slice(0, 80)} (looked for ${shown})`,
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
  const history = parseWith(History, value, file);
  // The session id names the replay report's folder (replays/<id>/): it may not climb out of it.
  if (!kSafeSegment.test(history.sessionId) || /^\.+$/.test(history.sessionId)) {
    throw new UsageError(`${file}: sessionId ${JSON.stringify(history.sessionId.slice(0, 80))} cannot name a folder`, 'use letters, digits, ".", "_" and "-" only, e.g. script-1714062110123');
  }
  return { history, file };
}
