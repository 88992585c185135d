import type { DiffLine } from './diff.ts';

/** Everything the report page shows, gathered by load.ts and rendered by render.ts. */

export interface ActionView {
  apiName: string;
  locator: string | null;
  error: string | null;
  durationMs: number | null;
}

/** The subtask an agent step worked on (runs with subtasks). */
export interface StepSubtask {
  /** Position in the final plan and its length; null for a subtask a revision replaced. */
  position: number | null;
  of: number;
  text: string;
  /** `done` when the check found it complete at this step's end; `replaced` when a revision dropped it. */
  status: 'in progress' | 'done' | 'replaced';
}

export interface StepView {
  step: number;
  subtask: StepSubtask | null;
  title: string;
  intent: string | null;
  reasoning: { kind: string; text: string }[];
  actions: ActionView[];
  urlBefore: string | null;
  urlAfter: string | null;
  /** Path relative to the report's index.html. */
  screenshot: string | null;
  error: string | null;
  ariaDiff: (DiffLine | { op: 'skip'; count: number })[] | null;
}

export interface EdgeView {
  from: string;
  to: string;
  label: string;
  confidence: string;
  count: number;
}

export interface ReplayStepView {
  index: number;
  action: string;
  status: string;
  level: string | null;
  candidates: number | null;
  score: number | null;
  locator: string | null;
  category: string | null;
  message: string | null;
  healed: string | null;
  /** What verification checked after the action. */
  checks: string[];
  durationMs: number | null;
}

export interface ReplayView {
  replayId: string;
  file: string;
  summary: Record<string, unknown>;
  steps: ReplayStepView[];
  finalUrl: string | null;
}

export interface ReportModel {
  sessionId: string;
  run: Record<string, unknown> | null;
  traceFile: string | null;
  steps: StepView[];
  edges: EdgeView[];
  replays: ReplayView[];
  /** The run's subtasks as they ended (agent runs with subtasks), with their status. */
  subtasks: { id: number; text: string; status: string; steps: number[] }[];
  notes: string[];
}
