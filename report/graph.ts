import type { EdgeView } from './model.ts';

/** A small SVG of the pages (nodes on a circle) and the observed transitions between them. */

const kSize = 520;
const kRadius = 200;
/** Labels longer than this are shortened; the table below the graph has the full text. */
const kMaxLabel = 28;

function escXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function shortLabel(page: string): string {
  let label = page;
  try {
    const url = new URL(page);
    label = url.pathname + url.search;
  } catch {
    label = page;
  }
  return label.length > kMaxLabel ? label.slice(0, kMaxLabel - 1) + '…' : label;
}

export function renderGraph(edges: EdgeView[]): string {
  const pages = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const center = kSize / 2;
  const pos = new Map(
    pages.map((page, i) => {
      const angle = (2 * Math.PI * i) / pages.length - Math.PI / 2;
      return [page, { x: center + kRadius * Math.cos(angle), y: center + kRadius * Math.sin(angle) }];
    }),
  );
  const lines = edges
    .filter((e) => e.from !== e.to)
    .map((e) => {
      const a = pos.get(e.from)!;
      const b = pos.get(e.to)!;
      return `<line x1="${a.x.toFixed(1)}" y1="${a.y.toFixed(1)}" x2="${b.x.toFixed(1)}" y2="${b.y.toFixed(1)}" marker-end="url(#arrow)"><title>${escXml(`${e.label} (${e.count})`)}</title></line>`;
    })
    .join('');
  const nodes = pages
    .map((page) => {
      const p = pos.get(page)!;
      return `<g><circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="7"><title>${escXml(page)}</title></circle><text x="${(p.x + 10).toFixed(1)}" y="${(p.y + 4).toFixed(1)}">${escXml(shortLabel(page))}</text></g>`;
    })
    .join('');
  return `<svg class="graph" viewBox="0 0 ${kSize + 160} ${kSize}" role="img" aria-label="navigation graph"><defs><marker id="arrow" viewBox="0 0 10 10" refX="16" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#8a93a3"/></marker></defs>${lines}${nodes}</svg>`;
}
