import type { Move } from './moves.ts';

/**
 * The crawler's memory: every state seen (in discovery order, with the URL it was found at and
 * its moves) and which (state, move) pairs were tried. Pure and deterministic: the same sequence
 * of observations always yields the same choices.
 *
 * Choice order: first-of-a-kind moves, then repeats (a second item link, a second row button),
 * then moves already taken from another state (their effect has been seen, so a move that may
 * reach a new route, dialog, section or row goes first); within a tier, the current state's next move,
 * else the oldest state that still has one (breadth-first), reached again by its URL.
 */

export interface FrontierLimits {
  /** Moves tried from one state at most, so one long list page cannot eat the step budget. */
  perStateBudget: number;
  /** Failed attempts to get back to a state before it is given up. */
  maxReturnFailures: number;
}

export interface StateRecord {
  key: string;
  /** Discovery order, 0 for the start state. */
  order: number;
  url: string;
  title: string;
  moves: Move[];
  tried: Set<string>;
  returnFailures: number;
  abandoned: boolean;
  /** First reached by sending a form: the browser's Back to it would resend the form (or fail), so it is reopened by URL. */
  viaSubmit: boolean;
}

export type Choice =
  | { kind: 'move'; state: StateRecord; move: Move }
  | { kind: 'return'; state: StateRecord }
  | { kind: 'visit'; url: string; move: Move }
  | { kind: 'empty' };

/**
 * First-of-a-kind moves, then other items of a kind, then moves whose effect was seen from another
 * state (least taken first), then moves that were seen to change nothing.
 */
type Tier = 'first' | 'repeat' | 'seen' | 'idle';
const kTiers: readonly Tier[] = ['first', 'repeat', 'seen', 'idle'];

export class Frontier {
  private readonly states = new Map<string, StateRecord>();
  private readonly triedLinks = new Set<string>();
  /** Link pattern -> the link key that represents it; other links of the pattern are repeats. */
  private readonly patternOwners = new Map<string, string>();
  /** Keys of the moves taken so far, from any state, and how often. */
  private readonly taken = new Map<string, number>();
  /** Moves that led to another state at least once, and moves that were seen to stay in place. */
  private readonly effective = new Set<string>();
  private readonly idle = new Set<string>();

  /** A form with a secret was sent: logins lose their priority. */
  private signedIn = false;

  constructor(private readonly limits: FrontierLimits) {}

  get size(): number {
    return this.states.size;
  }

  get(key: string): StateRecord | undefined {
    return this.states.get(key);
  }

  /** All states in discovery order. */
  list(): StateRecord[] {
    return [...this.states.values()];
  }

  /** Records a state; returns it and whether it is new. Moves of a known state are not replaced. */
  observe(key: string, url: string, title: string, moves: Move[]): { state: StateRecord; isNew: boolean } {
    const known = this.states.get(key);
    if (known) return { state: known, isNew: false };
    for (const move of moves) {
      if (move.pattern !== undefined && !this.patternOwners.has(move.pattern)) this.patternOwners.set(move.pattern, move.key);
    }
    const state: StateRecord = { key, order: this.states.size, url, title, moves, tried: new Set(), returnFailures: 0, abandoned: false, viaSubmit: false };
    this.states.set(key, state);
    return { state, isNew: true };
  }

  private tierOf(move: Move): Tier {
    if (this.taken.has(move.key)) return this.idle.has(move.key) && !this.effective.has(move.key) ? 'idle' : 'seen';
    if (move.repeated) return 'repeat';
    if (move.pattern !== undefined && this.patternOwners.get(move.pattern) !== move.key) return 'repeat';
    return 'first';
  }

  private isOpen(state: StateRecord, move: Move): boolean {
    if (state.tried.has(move.key)) return false;
    return move.kind !== 'link' || !this.triedLinks.has(move.key);
  }

  /** Untried moves of `state` in `tier`, in element order; none once the state's budget is spent. */
  private openMoves(state: StateRecord, tier: Tier): Move[] {
    if (state.abandoned || state.tried.size >= this.limits.perStateBudget) return [];
    const open = state.moves.filter((move) => this.isOpen(state, move) && this.tierOf(move) === tier);
    // Stable sort: among moves already taken elsewhere, the least repeated goes first.
    return tier === 'seen' ? open.sort((a, b) => (this.taken.get(a.key) ?? 0) - (this.taken.get(b.key) ?? 0)) : open;
  }

  hasOpenMoves(state: StateRecord): boolean {
    return kTiers.some((tier) => this.openMoves(state, tier).length > 0);
  }

  markTried(state: StateRecord, move: Move): void {
    if (move.signsIn) this.signedIn = true;
    state.tried.add(move.key);
    this.taken.set(move.key, (this.taken.get(move.key) ?? 0) + 1);
    if (move.kind === 'link') this.triedLinks.add(move.key);
  }

  /** What a move did: it led from `from` to `to` (the same state when nothing visible changed). */
  recordEffect(from: StateRecord, move: Move, to: StateRecord): void {
    (from === to ? this.idle : this.effective).add(move.key);
  }

  /** Notes a failed return; past the limit the state is given up. Returns whether it was. */
  returnFailed(state: StateRecord): boolean {
    state.returnFailures++;
    if (state.returnFailures >= this.limits.maxReturnFailures) state.abandoned = true;
    return state.abandoned;
  }

  /** The next thing to do from `current` (null when the current page is not a known state). */
  choose(current: StateRecord | null): Choice {
    // Signing in opens most of an app: until it was done once, a login goes first, here or in the oldest state that has one.
    if (!this.signedIn) {
      const login = (state: StateRecord) => this.openMoves(state, 'first').find((move) => move.signsIn);
      const here = current ? login(current) : undefined;
      if (current && here) return { kind: 'move', state: current, move: here };
      for (const state of this.states.values()) if (state !== current && login(state)) return { kind: 'return', state };
    }
    for (const tier of kTiers) {
      const here = current ? this.openMoves(current, tier)[0] : undefined;
      if (current && here) return { kind: 'move', state: current, move: here };
      for (const state of this.states.values()) {
        if (state !== current && this.openMoves(state, tier).length) return { kind: 'return', state };
      }
      const orphan = this.orphanLink(tier);
      if (orphan) return { kind: 'visit', url: orphan.address.href!, move: orphan };
    }
    return { kind: 'empty' };
  }

  /** A link never followed whose every holder was given up or spent its budget: visited by URL. */
  private orphanLink(tier: Tier): Move | undefined {
    for (const state of this.states.values()) {
      for (const move of state.moves) {
        if (move.kind === 'link' && !this.triedLinks.has(move.key) && this.tierOf(move) === tier) return move;
      }
    }
    return undefined;
  }

  markVisited(move: Move): void {
    this.triedLinks.add(move.key);
  }
}
