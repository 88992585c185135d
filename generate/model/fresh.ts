import type { HistoryStep } from '../../core/schema/history.ts';
import type { Flow, FlowCheck, FlowStep, FlowValue } from '../../core/schema/page-model.ts';

/**
 * Values a flow creates records with. When a flow types a text and later acts on the item that
 * shows it (the row it just added), or the text is what the flow left on the page, a second run
 * against the same app would find two such items and could no longer tell them apart. Those
 * values become variables of the workflow, recorded value as default, and the spec gives them a
 * fresh value on every run: the flow can run again and again on one app.
 */

/** Text a person would type as a record's name: letters first, no address, number or query syntax. */
const kNameLike = /^\p{L}[\p{L}\p{N} .,'!?&()-]*$/u;
const kMinChars = 2;
/** Longer text is content (a comment, a page body), not a name to find an item by. */
const kMaxChars = 60;
/** Fields whose text asks for something (search, filter) rather than creating it. */
const kQueryField = /search|filter|find|query|^q$/i;

function isCreatable(step: HistoryStep, text: string): boolean {
  const fp = step.fingerprint;
  if (!fp || step.action !== 'input' || text.length < kMinChars || text.length > kMaxChars || !kNameLike.test(text)) return false;
  if (fp.type && !['text', 'search'].includes(fp.type)) return false;
  if (fp.role === 'searchbox' || fp.type === 'search') return false;
  return ![fp.name, fp.label, fp.placeholder, fp.nameAttr, fp.id].some((s) => s && kQueryField.test(s));
}

/** `What needs to be done?` -> `WHAT_NEEDS_DONE`. */
function variableName(step: HistoryStep, taken: Set<string>): string {
  const fp = step.fingerprint!;
  const words = (fp.label ?? fp.placeholder ?? (fp.name || fp.nameAttr) ?? 'text')
    .split(/[^A-Za-z0-9]+/).filter((w) => w && !/^(the|a|an|to|be|of|is)$/i.test(w)).slice(0, 3);
  const base = words.length ? words.join('_').toUpperCase() : 'TEXT';
  let name = /^[A-Z]/.test(base) ? base : `TEXT_${base}`;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

/** The texts an expect step checks for (its text, value or title). */
function checkedTexts(check: FlowCheck): string[] {
  if (check.assert === 'text') return check.text.kind === 'literal' ? [check.text.value] : [];
  if (check.assert === 'value') return check.value.kind === 'literal' ? [check.value.value] : [];
  if (check.assert === 'title') return check.title.kind === 'literal' ? [check.title.value] : [];
  return [];
}

/** An expect step's check with the texts it checks for whole rewritten by `fresh`. */
function freshCheck(check: FlowCheck, fresh: (value: FlowValue) => FlowValue): FlowCheck {
  if (check.assert === 'text') return { ...check, text: fresh(check.text) };
  if (check.assert === 'value') return { ...check, value: fresh(check.value) };
  if (check.assert === 'title') return { ...check, title: fresh(check.title) };
  return check;
}

/**
 * Rewrites `flow` so the values it creates records with are fresh variables (see above).
 * `wholeTextItems` are the steps whose item is found by an element showing exactly its key
 * (`getByText(key, { exact: true })`): only a key that is the typed value itself becomes the
 * variable there, since a key that merely contains it (a link showing an address made from it)
 * would then find the element showing the value alone, in another item.
 */
export function freshenCreatedValues(flow: Flow, steps: HistoryStep[], wholeTextItems: ReadonlySet<FlowStep> = new Set()): Flow {
  const taken = new Set(Object.keys(flow.variables));
  const created = new Map<string, string>();
  const findsItem = (s: FlowStep, text: string) =>
    (s.kind === 'interact' || s.kind === 'expect') && s.item?.kind === 'literal' && (wholeTextItems.has(s) ? s.item.value === text : s.item.value.includes(text));
  const usedLater = (text: string) =>
    flow.steps.some((s) => findsItem(s, text)) ||
    flow.steps.some((s) => s.kind === 'expect' && checkedTexts(s.check).includes(text)) ||
    flow.outcomes.some((o) => o.kind === 'shown' && o.text === text);
  // A value that is only part of what a check expects or of an element's name (`Delete Garden
  // club?`) stays as recorded: a fresh one would change that text too, and the check or the
  // element's locator would look for the recorded one.
  const partOfOther = (text: string) => flow.steps.some((s) =>
    (s.kind === 'expect' && (checkedTexts(s.check).some((t) => t !== text && t.includes(text)) || ('element' in s.check && s.check.element?.includes(text)))) ||
    (s.kind === 'interact' && s.interaction.includes(text)));
  for (const step of steps) {
    if (!step.ok || step.action !== 'input') continue;
    const text = step.params.text.trim();
    if (created.has(text) || text !== step.params.text || !isCreatable(step, text) || !usedLater(text) || partOfOther(text)) continue;
    created.set(text, variableName(step, taken));
  }
  if (!created.size) return flow;
  const asVar = (value: FlowValue, wholeText = false): FlowValue => {
    if (value.kind !== 'literal') return value;
    const exact = created.get(value.value);
    if (exact) return { kind: 'var', name: exact, recorded: value.value };
    const inside = wholeText ? undefined : [...created].find(([text]) => value.value.includes(text));
    return inside ? { kind: 'var', name: inside[1], recorded: inside[0] } : value;
  };
  return {
    ...flow,
    variables: { ...flow.variables, ...Object.fromEntries([...created].map(([text, name]) => [name, text])) },
    fresh: [...created.values()],
    steps: flow.steps.flatMap((s): FlowStep[] => {
      if (s.kind === 'interact') return [{ ...s, values: s.values.map((v) => (v.kind === 'literal' && created.has(v.value) ? asVar(v) : v)), item: s.item && asVar(s.item, wholeTextItems.has(s)) }];
      if (s.kind === 'expect') return [{ ...s, check: freshCheck(s.check, (v) => (v.kind === 'literal' && created.has(v.value) ? asVar(v) : v)), item: s.item && asVar(s.item, wholeTextItems.has(s)) }];
      if (s.kind === 'wait' && s.text.kind === 'literal') {
        if (created.has(s.text.value)) return [{ ...s, text: asVar(s.text) }];
        // Content showing a fresh value among other text is not known in a fresh run: not waited for.
        const text = s.text.value;
        if ([...created.keys()].some((value) => text.includes(value))) return [];
      }
      return [s];
    }),
    outcomes: flow.outcomes.map((o) => (created.has(o.text) ? { ...o, variable: created.get(o.text)! } : o)),
  };
}
