import { steadyText } from '../core/volatile/steady-text.ts';
import type { Frame, Locator } from 'playwright';
import type { DomProbe } from '../core/fingerprint/probe.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import type { MatchLevel } from '../core/schema/replay-report.ts';
import { effectiveType, rowTextAgrees } from './scoring.ts';
import { isMadeUpId } from '../core/locator/written-id.ts';
import { idStem, looksGenerated, normalizeText } from './text.ts';

/**
 * The rematch cascade's levels, most trustworthy first. Each level builds, for one frame, a query
 * from the fingerprint; the cascade counts what it matches, scores every match against the
 * fingerprint, and moves on when a level finds nothing acceptable. `recorded` is page-wide and
 * handled by the cascade itself (its selector already enters frames).
 */

type AriaRole = Parameters<Frame['getByRole']>[0];

export interface Level {
  name: Exclude<MatchLevel, 'recorded' | 'llm'>;
  /** A query for this frame, or null when the fingerprint has nothing for this level. */
  query(fp: Fingerprint, frame: Frame): Locator | null;
  /** Role and name every match is known to have (saves reading them from the page). */
  known?(fp: Fingerprint): { role: string; name?: string } | null;
  /** Keeps the matches worth ranking, judged in one pass over a broad query. */
  keep?(fp: Fingerprint): ((probe: DomProbe) => boolean) | null;
  /** The query sees every element of the recorded kind in its frame or region (see pick.ts). */
  exhaustive?: boolean;
}

/** A CSS string literal. */
function cssString(value: string): string {
  return JSON.stringify(value);
}

const kTestIdAttributes = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];

/** Longer visible text is content, not a control's caption; matching it is fragile. */
const kMaxTextQuery = 60;

function idSelectors(fp: Fingerprint): string[] {
  const out: string[] = [];
  if (fp.id) {
    const stem = idStem(fp.id);
    if (!isMadeUpId(fp.id)) out.push(`[id=${cssString(fp.id)}]`, `[id^=${cssString(fp.id + '-')}]`);
    if (stem) out.push(`[id=${cssString(stem)}]`, `[id^=${cssString(stem + '-')}]`);
  }
  if (fp.nameAttr && !looksGenerated(fp.nameAttr)) out.push(`${fp.tag}[name=${cssString(fp.nameAttr)}]`);
  return out;
}

function roleOf(fp: Fingerprint): AriaRole | null {
  return fp.role ? (fp.role as AriaRole) : null;
}

/** Every element of the recorded role, or of its tag (and input type) when it had none. */
function sameKind(fp: Fingerprint, frame: Frame): Locator {
  if (roleOf(fp)) return frame.getByRole(roleOf(fp)!);
  if (fp.tag !== 'input') return frame.locator(`css=${fp.tag}`);
  // A text input may say so or not: the type is the default one either way.
  const type = effectiveType('input', fp.type)!;
  return frame.locator(type === 'text' ? 'css=input:not([type]), input[type="text" i], input[type=""]' : `css=input[type=${cssString(type)} i]`);
}

/** Probes in the recorded innermost landmark (role and name), or all when it had none. */
function inRecordedRegion(fp: Fingerprint): ((probe: DomProbe) => boolean) | null {
  const region = fp.landmarks[fp.landmarks.length - 1];
  if (!region) return null;
  return (probe) => {
    const live = probe.landmarks[probe.landmarks.length - 1];
    return live !== undefined && live.role === region.role && normalizeText(live.name) === normalizeText(region.name);
  };
}

export const kLevels: readonly Level[] = [
  {
    name: 'testId',
    query: (fp, frame) =>
      fp.testId ? frame.locator(kTestIdAttributes.map((a) => `[${a}=${cssString(fp.testId!)}]`).join(', ')) : null,
  },
  {
    name: 'idName',
    query: (fp, frame) => {
      const selectors = idSelectors(fp);
      return selectors.length ? frame.locator(selectors.join(', ')) : null;
    },
  },
  {
    name: 'roleName',
    query: (fp, frame) => (roleOf(fp) && fp.name ? frame.getByRole(roleOf(fp)!, { name: fp.name, exact: true }) : null),
    known: (fp) => (fp.role ? { role: fp.role, name: fp.name } : null),
  },
  {
    name: 'roleNameLoose',
    // Case-insensitive substring: survives "Save" -> "Save changes"; look-alikes are tie-broken.
    query: (fp, frame) => (roleOf(fp) && fp.name.trim() ? frame.getByRole(roleOf(fp)!, { name: fp.name.trim() }) : null),
    known: (fp) => (fp.role ? { role: fp.role } : null),
  },
  {
    name: 'labelLike',
    query: (fp, frame) => {
      const parts: Locator[] = [];
      if (fp.label) parts.push(frame.getByLabel(fp.label, { exact: true }));
      if (fp.placeholder) parts.push(frame.getByPlaceholder(fp.placeholder, { exact: true }));
      if (fp.alt) parts.push(frame.getByAltText(fp.alt, { exact: true }));
      if (fp.title) parts.push(frame.getByTitle(fp.title, { exact: true }));
      return parts.reduce<Locator | null>((acc, l) => (acc ? acc.or(l) : l), null);
    },
  },
  {
    name: 'text',
    query: (fp, frame) =>
      fp.text && fp.text.length <= kMaxTextQuery && !['input', 'select', 'textarea'].includes(fp.tag)
        ? frame.getByText(fp.text, { exact: true })
        : null,
  },
  {
    name: 'container',
    // The recorded row (or card, dialog, form) by its text, then the element in it: a list row's
    // unnamed checkbox or icon button is found through the row it sits in.
    query: (fp, frame) => (fp.container?.text ? sameKind(fp, frame) : null),
    known: (fp) => (fp.role ? { role: fp.role } : null),
    keep: (fp) => (probe) => probe.container !== null && rowTextAgrees(steadyText(fp.container!.text, fp.volatile), steadyText(probe.container.text, fp.volatile)),
  },
  {
    name: 'scopedRoleName',
    // Every element of the recorded role inside the recorded innermost landmark: names may have
    // changed, the scoring decides.
    query: (fp, frame) => {
      const landmark = fp.landmarks[fp.landmarks.length - 1];
      if (!roleOf(fp) || !landmark) return null;
      const scope = frame.getByRole(landmark.role as AriaRole, landmark.name ? { name: landmark.name, exact: true } : {});
      return scope.getByRole(roleOf(fp)!);
    },
    known: (fp) => (fp.role ? { role: fp.role } : null),
    exhaustive: true,
  },
  {
    name: 'structural',
    query: (fp, frame) => (fp.shadowHosts.length ? frame.locator(`css=${fp.cssPath}`) : frame.locator(`xpath=${fp.xpath}`).or(frame.locator(`css=${fp.cssPath}`))),
  },
  {
    name: 'position',
    // The widest net: every element of the role (or tag) in the frame, ranked by agreement.
    query: (fp, frame) => sameKind(fp, frame),
    known: (fp) => (fp.role ? { role: fp.role } : null),
    keep: inRecordedRegion,
    exhaustive: true,
  },
];
