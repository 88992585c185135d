import path from 'node:path';
import { insideDir } from '../../core/paths.ts';

/** A file name for write_file/read_file/replace_file, confined to the session's files directory. */
export function sessionFile(filesDir: string, fileName: string): string {
  try {
    return insideDir(filesDir, fileName);
  } catch {
    throw new Error(`${fileName} is outside the session files (${path.basename(filesDir)}/): use a plain relative name`);
  }
}

/** Files returned to a policy are cut here: a whole book does not fit a model's context. */
export const kReadFileMaxChars = 20_000;
