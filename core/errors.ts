import { z } from 'zod';

/**
 * Typed errors that carry their exit code. Only the CLI entry turns them into a process exit:
 * 2 = bad usage or bad input, 1 = the job ran and failed.
 */
export class BuError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
    /** What the user can do next; printed after the message. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Wrong flags, missing arguments, malformed or too-new input files: exit 2. */
export class UsageError extends BuError {
  constructor(message: string, hint?: string) {
    super(message, 2, hint);
  }
}

/** The job ran and did not succeed (a step failed, the browser died): exit 1. */
export class JobFailedError extends BuError {
  constructor(message: string, hint?: string) {
    super(message, 1, hint);
  }
}

/** File-system error codes that mean "this path, as given, cannot be read": bad input, not a crash. */
const kBadPathCodes = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'ELOOP']);

export function isBadPathError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && kBadPathCodes.has((err as NodeJS.ErrnoException).code ?? '');
}

export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}

/** Formats zod issues as `path: message` pairs. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * An error's message; a zod error's issues on one line (its own message is their JSON over many
 * lines, of which a one-line report showed `[`).
 */
export function errorMessage(err: unknown): string {
  if (err instanceof z.ZodError) return describeIssues(err);
  return err instanceof Error ? err.message : String(err);
}
