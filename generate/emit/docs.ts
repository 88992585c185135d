import type { Interaction, ModelPage } from '../../core/schema/page-model.ts';
import { memberPath } from '../names/assign.ts';
import { uniqueness } from './code.ts';
import type { EmitContext } from './context.ts';
import { locatorExpression } from '../../core/locator/model-code.ts';

/**
 * `docs/<page>.md`: what the page is for, its elements, its interactions and the recorded flows
 * that pass through it. Text a person writes below the end marker is kept on regeneration.
 */

/** The Unique column: yes only for a locator counted once where the element was recorded. */
const kUniqueCell: Record<ReturnType<typeof uniqueness>, (matches: number | null) => string> = {
  unique: () => 'yes',
  unchecked: () => 'not checked',
  'not found': () => 'no (not in the recorded snapshots)',
  several: (matches) => `no (${matches} matches)`,
};

export const kDocsEndMarker = '<!-- brow-use: generated above; text below this line is kept on regeneration -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

function interactionLine(ctx: EmitContext, page: ModelPage, interaction: Interaction): string {
  const names = ctx.pageNames(page.id);
  const method = names.methods.get(interaction.id)!;
  const signature = `${method.name}(${[method.item, ...method.params].filter(Boolean).join(', ')})`;
  const edge = ctx.model.edges.find((e) => e.from === page.id && e.interaction === interaction.id);
  const target = edge ? ` → ${ctx.pageNames(edge.to).className} (${edge.confidence} confidence, ${edge.arrived} of ${edge.observed})` : '';
  return `- ${code(signature)}: ${interaction.kind}, seen ${interaction.observed} time${interaction.observed === 1 ? '' : 's'}${target}`;
}

export function emitDoc(ctx: EmitContext, page: ModelPage): { file: string; text: string } {
  const names = ctx.pageNames(page.id);
  const lines: string[] = [`# ${names.className}`, '', names.purpose, ''];
  lines.push(`- URL pattern: ${code(page.urlPattern)}${page.stableUrl ? ` (opens directly at ${code(page.stableUrl)})` : ''}`);
  if (page.titles.length) lines.push(`- Title${page.titles.length > 1 ? 's' : ''}: ${page.titles.slice(0, 5).map(code).join(', ')}${page.titles.length > 5 ? ', …' : ''}`);
  if (page.heading) lines.push(`- Main heading: ${page.heading.text}`);
  if (page.landmarks.length) lines.push(`- Landmarks: ${page.landmarks.map((l) => (l.name ? `${l.role} “${l.name}”` : l.role)).join(', ')}`);
  lines.push(`- Page states observed: ${page.visits}`, '');
  if (page.elements.length) {
    lines.push('## Elements', '', '| Member | Role | Name | Locator | Unique |', '|---|---|---|---|---|');
    for (const element of page.elements) {
      const locator = element.locator;
      const how = code(locatorExpression(locator, element.collection ? 'item' : 'page', 'item.text'));
      const unique = kUniqueCell[uniqueness(locator)](locator.matches);
      lines.push(`| ${code(memberPath(names, element))} | ${element.role ?? element.tag} | ${cell(element.name)} | ${cell(how)} | ${unique} |`);
    }
    lines.push('');
  }
  if (page.interactions.length) {
    lines.push('## Interactions', '', ...page.interactions.map((i) => interactionLine(ctx, page, i)), '');
  }
  const flows = ctx.model.flows.filter((flow) => flow.steps.some((step) => step.page === page.id || step.after.page === page.id));
  if (flows.length) {
    lines.push('## Flows', '');
    for (const flow of flows) {
      const flowNames = ctx.names.flows.get(flow.sessionId)!;
      lines.push(`- ${code(flowNames.functionName)} (${flow.sessionId}): ${flowNames.description}`);
    }
    lines.push('');
  }
  const notes = ctx.model.diagnostics.filter((d) => d.page === page.id);
  if (notes.length) {
    lines.push('## Notes', '', ...notes.map((d) => `- ${d.element ? `${code(d.element)}: ` : ''}${d.message}`), '');
  }
  lines.push(kDocsEndMarker, '');
  return { file: `docs/${names.docFile}.md`, text: lines.join('\n') };
}

/** Keeps what a person wrote below the end marker of the existing doc. */
export function mergeDoc(fresh: string, existing: string): string {
  const at = existing.indexOf(kDocsEndMarker);
  if (at < 0) return fresh;
  const kept = existing.slice(at + kDocsEndMarker.length).replace(/^\n/, '');
  return kept.trim() ? `${fresh}${kept}` : fresh;
}
