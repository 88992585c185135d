import type { ActionName } from '../core/schema/actions.ts';
import type { PolicyState } from './resume/checkpoint-schema.ts';
import type { Target } from '../core/schema/plan.ts';
import type { TerminationReason } from '../core/schema/run.ts';
import type { History } from '../core/schema/history.ts';

/**
 * The seams of the capture loop. A policy (crawler, LLM, written plan) sees an Observation and
 * answers a Decision; the loop executes the decided actions through the action registry and records.
 */

/** One actionable element as listed for a policy: addressed by `index` (stable within one step). */
export interface ElementInfo {
  index: number;
  /** Playwright aria ref from the ai snapshot (`e12`, `f1e3`), resolved by core/playwright-internals.ts's locatorByRef. */
  ref: string;
  role: string;
  name: string;
  tag: string;
  /** Key attributes: type, href, placeholder, value, checked, expanded, disabled, test id ... */
  attributes: Record<string, string>;
  /** Not seen in the previous step's list. */
  isNew: boolean;
  /** Inside an iframe or a shadow root: a short description of where. */
  container: string | null;
  /** Whether any of it is inside the viewport; measured only when perception reads boxes (vision). */
  inViewport?: boolean;
  /** Where it is in the viewport (CSS pixels) when the snapshot had boxes; used to label screenshots. */
  box?: { x: number; y: number; width: number; height: number } | null;
  /** Fields and buttons, when the policy asks for them (`Policy.perceiveFields`): read from the DOM. */
  details?: FieldDetails;
  /**
   * Where an element the aria snapshot does not list is found instead of by `ref` (then empty): a
   * rich-text editor's editing area (capture/perceive/editables.ts).
   */
  path?: ElementPath;
  /**
   * A layer over the page (a modal without dialog roles) lies on its centre: a click lands on the
   * layer. Tested when the policy asks for field details (capture/perceive/covered.ts).
   */
  covered?: boolean;
  /**
   * No scrolling brings it into view (a fixed panel slid past the viewport's edge, a skip link
   * parked off the page or clipped to a pixel): a click on it times out. Tested when the policy asks for field details
   * (capture/perceive/offscreen.ts).
   */
  offscreen?: boolean;
}

/** An element addressed without an aria ref: CSS selectors of the iframes down to it, then its own. */
export interface ElementPath {
  frames: string[];
  /** Unique in its frame's document when it was found. */
  css: string;
  /** Its role and accessible name as assistive technology sees them (null: none, a plain `generic`). */
  ariaRole: string | null;
  ariaName: string;
}

/** DOM facts about a field or button that the aria snapshot does not carry. */
export interface FieldDetails {
  /** The input type (`password`, `email`, `checkbox` ...), `textarea`/`select`, `contenteditable` for a rich-text editor, or a button's type. */
  type: string;
  /** The `name` attribute (the accessible name is `ElementInfo.name`). */
  nameAttr: string;
  id: string;
  autocomplete: string;
  /** Text of the `<label>`s and `aria-labelledby` elements. */
  label: string;
  /** Identity of the owning form within the page, null when the element belongs to no form. */
  form: string | null;
  /** Inside a list item or table row: a control of one item among many, not of a form. */
  inRow: boolean;
}

export interface TabInfo {
  index: number;
  url: string;
  title: string;
}

export interface Observation {
  step: number;
  url: string;
  title: string;
  tabs: TabInfo[];
  activeTab: number;
  /** Playwright's ai-mode aria snapshot of the active page (with refs). */
  ariaSnapshot: string;
  /** Hash of the normalized aria snapshot: the identity of this state. */
  stateHash: string;
  elements: ElementInfo[];
  /** The compact model-facing rendering of the page (element list, scroll info). */
  text: string;
  scroll: { y: number; viewportHeight: number; pageHeight: number; pixelsAbove: number; pixelsBelow: number };
  /** Results of the previous step's actions, as the policy would want to read them. */
  lastResults: ActionOutcome[];
  /** What happened since the last step besides the actions: dialogs accepted, tabs opened or closed. */
  notices?: string[];
  /** Actions the history may still take in this run (`--max-steps` minus actions recorded); absent when unbounded. */
  actionsLeft?: number;
  /** With vision on: a JPEG of the viewport with the element indexes drawn on it, as a data URL. */
  screenshot?: string | null;
}

/**
 * Skills: agent-only actions that a model calls by name and that run as several recorded actions
 * (`fill_form` records one `input`/`select_dropdown`/`click` per field; `download` records the click).
 * The history never holds a skill's name, so replay and extract need nothing new.
 */
export type SkillName = 'fill_form' | 'download' | 'ask_element';

/** Anything a policy may ask for: a recorded action or a skill. */
export type CallName = ActionName | SkillName;

/** An action as a policy asks for it: an element by `index` (crawler, model) or `target` (plan). */
export interface ActionCall {
  action: CallName;
  params: Record<string, unknown>;
  index?: number;
  target?: Target;
  /** An aria ref of the step's snapshot that its element list leaves out (MCP tools address those too). */
  ref?: string;
}

export interface ActionOutcome {
  action: CallName;
  ok: boolean;
  /** Short human/model-readable result: "Clicked button 'Save'", extracted text, dropdown options. */
  text: string;
  error: string | null;
  /** Set by `done`. */
  done?: { text: string; success: boolean };
}

export type ReasoningNote = { kind: 'plan' | 'decision' | 'observation' | 'error'; text: string };

export type Decision =
  | { kind: 'act'; actions: ActionCall[]; nextGoal?: string; notes?: ReasoningNote[] }
  | { kind: 'stop'; reason: TerminationReason; text: string; notes?: ReasoningNote[] };

/** An action that did not succeed, as the loop reports it to the policy. */
export interface ActionFailure {
  step: number;
  call: ActionCall;
  outcome: ActionOutcome;
  /** The call as progress lines show it: `click text=Reports`. */
  summary: string;
}

export interface Policy {
  readonly name: string;
  /** Perception also reads `ElementInfo.details` of fields and buttons (costs one round trip each). */
  readonly perceiveFields?: boolean;
  /**
   * Decides from the observation alone, at once (no model to wait for, no page read): the page its
   * first action starts from is the one just looked at, and that action's pre state is the look's
   * read. Without it the pre state is read again (the page may have moved on while a model thought).
   */
  readonly actsOnItsLook?: boolean;
  decide(observation: Observation): Promise<Decision>;
  /**
   * Called when an action fails. A `stop` ends the run (a written plan cannot skip a step); null or
   * no method lets the run go on, and the policy reads the failure in the next `lastResults`.
   */
  onActionFailed?(failure: ActionFailure): Extract<Decision, { kind: 'stop' }> | null;
  /**
   * Actions the policy still means to take, when it knows (a written plan); 0 lets the loop ask it
   * once more when the budget is spent, so it can end `done` rather than `maxSteps`.
   */
  remaining?(): number;
  /** Run metadata for the history (an agent's subtasks), read after every decision. */
  runMetadata?(): Pick<History, 'subtasks'> | null;
  /** What `bu capture resume` needs to continue this policy; without it a run cannot be resumed. */
  checkpoint?(): PolicyState;
}
