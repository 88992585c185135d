import type { HistoryStep } from '../../core/schema/history.ts';
import { kMaxEffectLines, kMaxNameChars, lineRoleName } from '../../core/aria/outline.ts';
import type { FlowOutcome } from '../../core/schema/page-model.ts';
import { isShortened } from './locator-text.ts';
import { stripAnchor } from './url-pattern.ts';

/**
 * What a flow achieved, as a test engineer would assert it: the content its actions added to the
 * page it ended on (the row created, the saved value, the message shown) and the content they
 * removed (the row deleted), from the recorded effect of each step on the accessibility tree
 * (core/aria/outline.ts). Only what the flow's last recorded state shows is asserted: a row
 * added in one view and left behind by a switch to another (a tab, a mode on the same URL) is
 * not. Controls that come and go are not outcomes; neither is text with numbers in it (counters,
 * dates, ids change between runs).
 */

/** Roles whose appearing or disappearing is an interface change, not a result. */
const kControlRoles = new Set([
  'button', 'checkbox', 'textbox', 'combobox', 'radio', 'switch', 'option', 'menuitem', 'menu', 'menubar', 'tab', 'tablist',
  'spinbutton', 'searchbox', 'slider', 'listbox', 'separator', 'img', 'list', 'table', 'rowgroup', 'group', 'navigation', 'form',
]);
/** Content whose appearing is a result: a record, a message, a title, a link to what was made. */
const kShownRoles = new Set(['alert', 'status', 'row', 'listitem', 'cell', 'heading', 'link', 'article']);
/**
 * Content whose disappearing is a result: a record gone from its list or table. A table row
 * without a name of its own (a data grid's) is gone as its cells are: each cell the page no
 * longer shows anywhere.
 */
const kGoneRoles = new Set(['row', 'listitem', 'article', 'cell']);
const kMinTextChars = 2;
/** A spec asserts a few outcomes, not the page. */
const kMaxShown = 3;
const kMaxGone = 2;

/** `listitem "Buy milk"` -> role and text; null for lines without a usable text. */
function parseLine(line: string): { role: string; text: string } | null {
  const parsed = lineRoleName(line);
  if (!parsed) return null;
  const { role, name: text } = parsed;
  // Outcomes are asserted by their exact text: one the page or the outline shortened is not that text.
  if (kControlRoles.has(role) || text.length < kMinTextChars || text.length >= kMaxNameChars || /[#<>]/.test(text) || isShortened(text)) return null;
  return { role, text };
}

/**
 * A step after which what was shown before is not known to be shown still: it went to another
 * address (path, query or route) or tab, or it changed the page in ways not all recorded: its
 * effect is unknown, or was cut at kMaxEffectLines (a view switched as a whole).
 */
function newView(step: HistoryStep): boolean {
  const effect = step.effect;
  if (stripAnchor(step.pre.url) !== stripAnchor(step.post.url) || step.pre.tab !== step.post.tab) return true;
  if (!effect) return step.pre.ariaHash !== step.post.ariaHash;
  return effect.appeared.length >= kMaxEffectLines || effect.gone.length >= kMaxEffectLines;
}

/** Lines added (positive) and removed (negative) in the view the flow ends on, since it was shown. */
function netEffect(steps: HistoryStep[], typed: string[]): Map<string, number> {
  let net = new Map<string, number>();
  const add = (line: string, by: number) => net.set(line, (net.get(line) ?? 0) + by);
  for (const step of steps) {
    if (!step.ok) continue;
    if (newView(step)) {
      // A new view: everything on it appeared. Only a typed value shown there is the flow's doing.
      net = new Map();
      for (const line of step.effect?.appeared ?? []) {
        if (typed.some((value) => line.includes(`"${value}"`))) add(line, 1);
      }
      continue;
    }
    for (const line of step.effect?.appeared ?? []) add(line, 1);
    for (const line of step.effect?.gone ?? []) add(line, -1);
  }
  return net;
}

/**
 * The outcomes of a flow's steps. `final` is the outline of the flow's last recorded state, when a
 * recorded snapshot shows it: content it lacks is not asserted as shown, content it has not as gone.
 */
export function flowOutcomes(steps: HistoryStep[], typed: string[], final: readonly string[] | null = null): FlowOutcome[] {
  const shown: FlowOutcome[] = [];
  const gone: FlowOutcome[] = [];
  const seen = new Set<string>();
  // Content the last view shows more than once: the copy that was there before (a menu's link of
  // the same name as the one a message added) would pass the check whatever the flow did.
  const shownOnce = new Set<string>();
  const repeated = new Set<string>();
  for (const line of final ?? []) (shownOnce.has(line) ? repeated : shownOnce).add(line);
  const inFinal = final ? shownOnce : null;
  for (const [line, count] of netEffect(steps, typed)) {
    const contradicted = (inFinal !== null && (count > 0) !== inFinal.has(line)) || (count > 0 && repeated.has(line));
    const parsed = count === 0 || contradicted ? null : parseLine(line);
    if (!parsed || seen.has(parsed.text)) continue;
    // Loose text comes and goes with panels and tabs; a record, a message or a typed value is a result.
    const kinds = count > 0 ? kShownRoles : kGoneRoles;
    if (!typed.includes(parsed.text) && !kinds.has(parsed.role)) continue;
    seen.add(parsed.text);
    (count > 0 ? shown : gone).push({ kind: count > 0 ? 'shown' : 'gone', ...parsed, variable: null });
  }
  // Typed values first (the record created, the value saved), then messages, then the rest.
  const rank = (o: FlowOutcome) => (typed.includes(o.text) ? 0 : o.role === 'alert' || o.role === 'status' ? 1 : 2);
  shown.sort((a, b) => rank(a) - rank(b));
  return [...shown.slice(0, kMaxShown), ...gone.slice(0, kMaxGone)];
}

/** Words of controls that remove or reset data. */
const kDestructive = /\b(delete|remove|destroy|trash|discard|clear|drop|erase|purge|reset|revoke|archive)\b|×|✕|✖/i;

export function isDestructiveName(name: string | null | undefined): boolean {
  return Boolean(name && kDestructive.test(name));
}
