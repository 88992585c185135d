/**
 * Conventions shared by the writer (capture) and the readers (extract, report) of a trace.
 */

/** Each agent step is one `tracing.group()` whose title starts with this prefix and the step number. */
export const kStepGroupPrefix = 'bu step ';

export function stepGroupTitle(step: number, summary: string): string {
  return `${kStepGroupPrefix}${step}: ${summary}`;
}

/** Parses a group title written by `stepGroupTitle`, or returns null for any other group. */
export function parseStepGroupTitle(title: string): { step: number; summary: string } | null {
  if (!title.startsWith(kStepGroupPrefix)) return null;
  const match = /^(\d+): ?(.*)$/s.exec(title.slice(kStepGroupPrefix.length));
  return match ? { step: Number(match[1]), summary: match[2]! } : null;
}

/** What replaces a secret value in every artifact. */
export function secretPlaceholder(name: string): string {
  return `{{secret:${name}}}`;
}
export function variablePlaceholder(name: string): string {
  return `{{var:${name}}}`;
}
export const kPlaceholderPattern = /\{\{(secret|var):([A-Za-z0-9_]+)\}\}/g;
