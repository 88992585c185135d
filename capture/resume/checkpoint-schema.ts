import { z } from 'zod';
import { Subtask } from '../../core/schema/history.ts';
import { Usage } from '../../core/schema/run.ts';
import { AgentTask } from '../agent/task.ts';

/**
 * `checkpoints/<id>.json`: what `bu capture resume` needs to continue an interrupted capture,
 * rewritten atomically after every step. Secret values are never in it (names only; values come
 * from the environment again); everything written passes through secret redaction.
 */

export const kCheckpointVersion = 1;

const StepEntry = z.strictObject({ step: z.number().int(), evaluation: z.string(), nextGoal: z.string(), results: z.array(z.string()) });

/** The LLM agent: its task and tuning, and what it had learned (memory, compact history, guards). */
export const AgentState = z.strictObject({
  kind: z.literal('llm'),
  task: AgentTask,
  phase: z.union([z.literal(0), z.literal(1)]),
  memory: z.string(),
  history: z.array(StepEntry),
  failures: z.number().int().min(0),
  loopHits: z.number().int().min(0),
  /** Loop keys of actions already run (an unchanged page asked the same again is a loop). */
  seen: z.array(z.string()),
  limits: z.strictObject({
    maxFailures: z.number().int().min(1),
    maxLoopHits: z.number().int().min(1),
    maxTokens: z.number().nullable(),
    maxCost: z.number().nullable(),
  }),
  finishCheck: z.boolean(),
  stepTimeoutMs: z.number().int().min(1),
  /** The model's summary of the history entries folded away, and the last step it covers. */
  historySummary: z.strictObject({ text: z.string(), throughStep: z.number().int() }).nullable().optional(),
  /** Subtasks: on or off for the run, the list as it stands, revisions so far, whether the plan was asked. */
  subtasksOn: z.boolean().optional(),
  subtasks: z.array(Subtask).optional(),
  subtaskRevisions: z.number().int().min(0).optional(),
  planAsked: z.boolean().optional(),
  claimedDone: z.boolean().optional(),
  /** `--observe-budget` and the history length that triggers a summary (tokens), null for none. */
  observeBudget: z.number().int().nullable().optional(),
  historyTokens: z.number().int().nullable().optional(),
});
export type AgentState = z.infer<typeof AgentState>;

/** A written plan: the plan itself (as written) and the next plan step to carry out. */
export const ScriptState = z.strictObject({ kind: z.literal('script'), plan: z.unknown(), next: z.number().int().min(0) });

/** A policy that cannot be resumed (the crawler keeps its frontier in memory only). */
export const OtherState = z.strictObject({ kind: z.literal('other'), name: z.string() });

export const PolicyState = z.discriminatedUnion('kind', [AgentState, ScriptState, OtherState]);
export type PolicyState = z.infer<typeof PolicyState>;

/** The capture settings a resume starts from again (no secret values). */
export const CheckpointSettings = z.strictObject({
  headed: z.boolean(),
  cdpUrl: z.string().nullable(),
  wsEndpoint: z.string().nullable(),
  storageStateFile: z.string().nullable(),
  allowDomains: z.array(z.string()),
  secretNames: z.array(z.string()),
  variables: z.record(z.string(), z.string()),
  maxSteps: z.number().int().min(1),
  viewport: z.strictObject({ width: z.number().int(), height: z.number().int() }).nullable(),
  actionTimeoutMs: z.number().int().nullable(),
  uploadPaths: z.array(z.string()),
  vision: z.boolean(),
  /** Absent in checkpoints written before the screencast became a choice (off). */
  screencast: z.boolean().optional(),
});
export type CheckpointSettings = z.infer<typeof CheckpointSettings>;

/** Playwright's storage state, as `context.storageState()` returns it and `newContext` takes it. */
export const StorageState = z.object({
  cookies: z.array(z.object({
    name: z.string(), value: z.string(), domain: z.string(), path: z.string(), expires: z.number(), httpOnly: z.boolean(), secure: z.boolean(),
    sameSite: z.enum(['Strict', 'Lax', 'None']),
  })),
  origins: z.array(z.object({ origin: z.string(), localStorage: z.array(z.object({ name: z.string(), value: z.string() })) })),
});

export const Checkpoint = z.strictObject({
  version: z.literal(kCheckpointVersion),
  sessionId: z.string().min(1),
  command: z.string().min(1),
  startUrl: z.string(),
  /** The process that writes it: a resume refuses while it is alive. */
  pid: z.number().int(),
  /** Trace parts so far: 1 for the first run, 2 after one resume ... */
  part: z.number().int().min(1),
  /** Steps (history entries) recorded so far. */
  step: z.number().int().min(0),
  writtenAt: z.iso.datetime(),
  tabs: z.array(z.strictObject({ url: z.string() })),
  activeTab: z.number().int().min(0),
  /** Playwright's storage state (cookies, local storage) after the step, so a login survives. */
  storageState: StorageState.nullable(),
  filesDir: z.string(),
  /** Raw trace files of the running part (local launches): a killed run's trace is rebuilt from them. */
  tracesDir: z.string().nullable(),
  traceName: z.string(),
  traceFile: z.string(),
  pagesVisited: z.array(z.string()),
  usage: Usage,
  settings: CheckpointSettings,
  policy: PolicyState,
});
export type Checkpoint = z.infer<typeof Checkpoint>;
