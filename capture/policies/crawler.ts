import type { ActionCall, Decision, Observation, Policy, ReasoningNote } from '../types.ts';
import { elementsInFocus } from './crawler/dialog.ts';
import { fillActions } from './crawler/fill.ts';
import type { KnownValues } from './crawler/form-values.ts';
import { Frontier, type Choice, type StateRecord } from './crawler/frontier.ts';
import { deriveMoves, resolveAddress, type Move } from './crawler/moves.ts';
import { crawlerStateKey } from './crawler/state-key.ts';

/**
 * The built-in explorer used when no model is configured: a breadth-first walk over
 * (state, control) pairs. States are identified by the normalized aria hash without field values,
 * so a clock, a counter or a half-filled form does not make a new state. Forms are filled with plausible values (or the
 * user's `--fill`/`--secret` values) and sent; destructive controls and other hosts are left
 * alone. No randomness and no clock: the same app gives the same walk.
 */

/** A page with a dozen distinct controls is explored; beyond that, the rest of the app goes first. */
export const kDefaultPerStateBudget = 12;
/** Two failed trips back to a state (it was a form result, or the app moved on) and it is dropped. */
export const kDefaultMaxReturnFailures = 2;
/** Repeating the same action from the same state this often means the walk is going in circles. */
export const kDefaultMaxLoopHits = 5;
/** Steps in a row whose last action failed before the crawl gives up. */
export const kMaxConsecutiveErrors = 5;
/** Moves whose element is gone are skipped; this bounds the skipping within one decision. */
const kMaxChoicesPerDecision = 50;

export interface CrawlerOptions {
  /** Hosts links may lead to (the URL policy's list); other links are not followed. */
  allow: readonly string[];
  allowDestructive?: boolean;
  known?: KnownValues;
  perStateBudget?: number;
  maxReturnFailures?: number;
  maxLoopHits?: number;
}

type Pending =
  | { kind: 'move'; from: StateRecord; move: Move }
  | { kind: 'return'; from: StateRecord; target: StateRecord }
  | { kind: 'visit'; url: string }
  | null;

export interface CrawlSummary {
  states: number;
  loopHits: number;
  /** States in discovery order: hash, URL, title. */
  visited: { key: string; url: string; title: string }[];
}

export class CrawlerPolicy implements Policy {
  readonly name = 'crawler';
  readonly actsOnItsLook = true;
  readonly perceiveFields = true;
  private readonly frontier: Frontier;
  private readonly known: KnownValues;
  private readonly maxLoopHits: number;
  private readonly issued = new Map<string, number>();
  private loopHits = 0;
  private consecutiveErrors = 0;
  private pending: Pending = null;

  constructor(private readonly options: CrawlerOptions) {
    this.frontier = new Frontier({
      perStateBudget: options.perStateBudget ?? kDefaultPerStateBudget,
      maxReturnFailures: options.maxReturnFailures ?? kDefaultMaxReturnFailures,
    });
    this.known = options.known ?? { fills: {}, secrets: [] };
    this.maxLoopHits = options.maxLoopHits ?? kDefaultMaxLoopHits;
  }

  summary(): CrawlSummary {
    return {
      states: this.frontier.size,
      loopHits: this.loopHits,
      visited: this.frontier.list().map((s) => ({ key: s.key, url: s.url, title: s.title })),
    };
  }

  async decide(observation: Observation): Promise<Decision> {
    const notes: ReasoningNote[] = [];
    const last = observation.lastResults[observation.lastResults.length - 1];
    this.consecutiveErrors = last && !last.ok ? this.consecutiveErrors + 1 : 0;
    if (last && !last.ok) notes.push({ kind: 'error', text: `${last.action} failed: ${last.error ?? last.text}` });
    if (this.consecutiveErrors >= kMaxConsecutiveErrors) {
      return { kind: 'stop', reason: 'error', text: `the last ${kMaxConsecutiveErrors} steps failed`, notes };
    }

    const elements = elementsInFocus(observation.elements, observation.ariaSnapshot);
    const derived = deriveMoves(elements, observation.url, {
      allow: this.options.allow,
      allowDestructive: this.options.allowDestructive ?? false,
    });
    for (const move of derived.moves) {
      if (move.kind !== 'submit' && move.kind !== 'submit-enter') continue;
      const sender = resolveAddress(elements, move.address, observation.url);
      const fill = sender ? fillActions(elements, observation.ariaSnapshot, this.known, sender).actions : [];
      move.signsIn = fill.some((call) => typeof call.params.text === 'string' && call.params.text.includes('{{secret:'));
    }
    const { state, isNew } = this.frontier.observe(crawlerStateKey(observation), observation.url, observation.title, derived.moves);
    state.abandoned = false;
    if (isNew && this.pending?.kind === 'move' && (this.pending.move.kind === 'submit' || this.pending.move.kind === 'submit-enter')) state.viaSubmit = true;
    if (isNew) {
      const skipped = derived.skipped.map((s) => `${s.label} (${s.reason})`);
      notes.push({
        kind: 'observation',
        text: `new state ${state.order} "${observation.title}" at ${observation.url}: ${derived.moves.length} moves${skipped.length ? `; not taken: ${skipped.join(', ')}` : ''}`,
      });
    }
    const pending = this.pending;
    if (pending?.kind === 'move') this.frontier.recordEffect(pending.from, pending.move, state);
    if (pending?.kind === 'return' && pending.target !== state) {
      const dropped = this.frontier.returnFailed(pending.target);
      notes.push({ kind: 'observation', text: `going back to state ${pending.target.order} at ${pending.target.url} reached another state${dropped ? '; that state is given up' : ''}` });
    }

    let tooLong = 0;
    for (let attempt = 0; attempt < kMaxChoicesPerDecision; attempt++) {
      const choice = this.frontier.choose(state);
      const planned = this.plan(choice, state, observation, pending);
      if (planned === 'skip') continue;
      if (planned === null) break;
      if (observation.actionsLeft !== undefined && planned.actions.length > observation.actionsLeft) {
        // A form that cannot be filled and sent within the budget is not started: a half-filled
        // form teaches replay nothing. Something shorter may still fit.
        tooLong++;
        continue;
      }
      const signature = `${state.key} ${planned.signature}`;
      const count = (this.issued.get(signature) ?? 0) + 1;
      this.issued.set(signature, count);
      if (count > 1) {
        this.loopHits++;
        notes.push({ kind: 'observation', text: `loop: ${planned.summary} again from state ${state.order} (${this.loopHits} loop hits)` });
        if (this.loopHits > this.maxLoopHits) {
          return { kind: 'stop', reason: 'maxLoopHits', text: `the walk repeated itself ${this.loopHits} times`, notes };
        }
      }
      notes.push(...(planned.notes ?? []).map((text) => ({ kind: 'observation' as const, text })));
      notes.push({ kind: 'decision', text: planned.summary });
      return { kind: 'act', actions: planned.actions, nextGoal: planned.summary, notes };
    }
    this.pending = null;
    if (tooLong) {
      return { kind: 'stop', reason: 'maxSteps', text: `${tooLong} more move(s) need more actions than the ${observation.actionsLeft} left`, notes };
    }
    const choice = this.frontier.choose(state);
    if (choice.kind === 'empty') {
      return { kind: 'stop', reason: 'frontier-empty', text: `explored ${this.frontier.size} states; nothing left to try`, notes };
    }
    return { kind: 'stop', reason: 'error', text: `no move of state ${state.order} could be found on the page`, notes };
  }

  /** Turns a choice into actions; 'skip' when its element is gone, null when nothing is left. */
  private plan(choice: Choice, state: StateRecord, observation: Observation, pending: Pending): Planned | 'skip' | null {
    switch (choice.kind) {
      case 'empty':
        return null;
      case 'visit':
        this.frontier.markVisited(choice.move);
        this.pending = { kind: 'visit', url: choice.url };
        return { actions: [{ action: 'navigate', params: { url: choice.url } }], signature: `visit ${choice.url}`, summary: `open ${choice.url} (no state that links there is left)` };
      case 'return': {
        const target = choice.state;
        this.pending = { kind: 'return', from: state, target };
        const back = pending?.kind === 'move' && pending.move.kind === 'link' && pending.from === target && !target.viaSubmit && observation.url !== target.url;
        const action: ActionCall = back ? { action: 'go_back', params: {} } : { action: 'navigate', params: { url: target.url } };
        return { actions: [action], signature: `return ${target.key}`, summary: `${back ? 'go back' : `open ${target.url}`} to explore state ${target.order} "${target.title}"` };
      }
      case 'move': {
        this.frontier.markTried(state, choice.move);
        const element = resolveAddress(elementsInFocus(observation.elements, observation.ariaSnapshot), choice.move.address, observation.url);
        if (!element) return 'skip';
        this.pending = { kind: 'move', from: state, move: choice.move };
        return { ...this.moveActions(choice.move, element.index, observation), signature: choice.move.key, summary: choice.move.label };
      }
    }
  }

  private moveActions(move: Move, index: number, observation: Observation): { actions: ActionCall[]; notes: string[] } {
    const elements = elementsInFocus(observation.elements, observation.ariaSnapshot);
    const sender = elements.find((element) => element.index === index) ?? null;
    switch (move.kind) {
      case 'link':
      case 'click':
        return { actions: [{ action: 'click', params: {}, index }], notes: [] };
      case 'submit': {
        const fill = fillActions(elements, observation.ariaSnapshot, this.known, sender);
        return { actions: [...fill.actions, { action: 'click', params: {}, index }], notes: fill.notes };
      }
      case 'type': {
        // The editor alone: the other loose fields of the page are not sent with it.
        const fill = fillActions(sender ? [sender] : [], observation.ariaSnapshot, this.known, sender);
        return { actions: fill.actions, notes: fill.notes };
      }
      case 'submit-enter': {
        const fill = fillActions(elements, observation.ariaSnapshot, this.known, sender);
        // Enter goes to the focused element: the field this move names gets its value last.
        const own = fill.actions.filter((call) => call.index === index);
        return { actions: [...fill.actions.filter((call) => call.index !== index), ...own, { action: 'send_keys', params: { keys: 'Enter' } }], notes: fill.notes };
      }
    }
  }
}

interface Planned {
  actions: ActionCall[];
  /** What the fill decided field by field (secrets as placeholders). */
  notes?: string[];
  /** Identity of the choice for loop detection (with the current state prepended). */
  signature: string;
  summary: string;
}
