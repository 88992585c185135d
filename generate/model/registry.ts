import type { Fingerprint, RecordedLocator } from '../../core/schema/history.ts';
import type { Interaction, ModelCollection, ModelEdge } from '../../core/schema/page-model.ts';
import type { StepEvidence } from './candidates.ts';
import type { RowScope } from './rows.ts';

/** What the flows observed, per page: elements acted on, interactions, where interactions led. */

export interface ElementSighting {
  id: string;
  fingerprint: Fingerprint;
  recorded: RecordedLocator | null;
  /** The repeated item it was in, when it belongs to one. */
  row: RowScope | null;
  /** What the DOM snapshot of each step that used it said, for steps that have one. */
  evidence: StepEvidence[];
  /** Texts expect steps check it shows: its locator never finds it by them. */
  asserted: string[];
}

/** `testid:login-submit`, else `button:Sign in`, else the tag and the best text it has. */
export function elementKey(fp: Fingerprint): string {
  if (fp.testId) return `testid:${fp.testId}`;
  if (fp.role && fp.name) return `${fp.role}:${fp.name}`;
  const text = fp.label ?? fp.placeholder ?? fp.nameAttr ?? fp.id ?? fp.text ?? fp.cssPath;
  return `${fp.role ?? fp.tag}:${text}`;
}

/**
 * Whether a step's element can be the one `known` was: the same element of an item of the same
 * collection (a link in an item of one menu is not the link in an item of another), or some
 * locator found the recorded element in all their snapshots.
 */
function sameElement(known: ElementSighting, evidence: StepEvidence | null, row: RowScope | null): boolean {
  if (known.row || row) return known.row?.collection === row?.collection;
  if (!evidence || !known.evidence.length) return true;
  const found = (e: StepEvidence) => [...e.hits].filter(([, hit]) => hit.target).map(([k]) => k);
  let common = new Set(found(evidence));
  for (const e of known.evidence) common = new Set(found(e).filter((k) => common.has(k)));
  return common.size > 0;
}

interface Arrival {
  count: number;
  /** Every arrival changed the URL path (not only the title). */
  urlChanged: boolean;
}

export class Observed {
  readonly elements = new Map<string, Map<string, ElementSighting>>();
  readonly interactions = new Map<string, Map<string, Interaction>>();
  readonly collections = new Map<string, Map<string, ModelCollection>>();
  private readonly arrivals = new Map<string, Map<string, Arrival>>();

  element(page: string, fp: Fingerprint, recorded: RecordedLocator | null, row: RowScope | null = null, evidence: StepEvidence | null = null, asserted: string[] = []): string {
    const key = row ? row.elementId : elementKey(fp);
    const onPage = this.elements.get(page) ?? new Map<string, ElementSighting>();
    this.elements.set(page, onPage);
    // Two elements that look alike (a link in the text and the same link in the sidebar) are two
    // members when no one way of finding them found the recorded element in both snapshots.
    let id = key;
    for (let n = 2; onPage.has(id) && !sameElement(onPage.get(id)!, evidence, row); n++) id = `${key} (${n})`;
    const known = onPage.get(id);
    const seen = [...(known?.evidence ?? []), ...(evidence ? [evidence] : [])];
    const checked = [...new Set([...(known?.asserted ?? []), ...asserted])];
    if (!known || (known.recorded?.matches !== 1 && recorded?.matches === 1)) onPage.set(id, { id, fingerprint: fp, recorded, row, evidence: seen, asserted: checked });
    else {
      known.evidence = seen;
      known.asserted = checked;
    }
    if (row) this.collection(page, row);
    return id;
  }

  private collection(page: string, row: RowScope): void {
    const onPage = this.collections.get(page) ?? new Map<string, ModelCollection>();
    this.collections.set(page, onPage);
    const known = onPage.get(row.collection);
    if (known) known.observed = Math.max(known.observed, row.siblings);
    else onPage.set(row.collection, { id: row.collection, role: row.role, scope: row.scope, exactKey: row.exactKey, observed: Math.max(1, row.siblings), example: row.key });
  }

  /** Counts one occurrence of `interaction` (merging with an identical one) and where it led. */
  interaction(interaction: Interaction, to: string, urlChanged: boolean): string {
    const onPage = this.interactions.get(interaction.page) ?? new Map<string, Interaction>();
    this.interactions.set(interaction.page, onPage);
    const known = onPage.get(interaction.id);
    if (known) known.observed += 1;
    else onPage.set(interaction.id, { ...interaction, observed: 1 });
    const key = `${interaction.page}\n${interaction.id}`;
    const arrivals = this.arrivals.get(key) ?? new Map<string, Arrival>();
    this.arrivals.set(key, arrivals);
    if (to !== interaction.page) {
      const arrival = arrivals.get(to) ?? { count: 0, urlChanged: true };
      arrival.count += 1;
      arrival.urlChanged &&= urlChanged;
      arrivals.set(to, arrival);
    }
    return interaction.id;
  }

  /**
   * One edge per interaction that left its page: to the most frequent destination. Confidence:
   * high when every occurrence arrived there by a URL change, medium when every occurrence
   * arrived but some only changed the title, low when occurrences went different ways.
   */
  edges(): ModelEdge[] {
    const out: ModelEdge[] = [];
    for (const [page, interactions] of this.interactions) {
      for (const interaction of interactions.values()) {
        const arrivals = this.arrivals.get(`${page}\n${interaction.id}`);
        if (!arrivals?.size) continue;
        const [to, arrival] = [...arrivals].reduce((best, next) => (next[1].count > best[1].count ? next : best));
        const confidence: ModelEdge['confidence'] =
          arrival.count < interaction.observed ? 'low' : arrival.urlChanged ? 'high' : 'medium';
        out.push({ from: page, interaction: interaction.id, to, confidence, observed: interaction.observed, arrived: arrival.count });
      }
    }
    return out;
  }
}
