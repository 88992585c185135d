/**
 * Perception benchmark: `npx tsx bench/perception.bench.ts`. Builds a page of 2,000 elements
 * (links, buttons, fields, selects, checkboxes, headings, table cells and loose text), then prints:
 *   P1 = time of one full `perceive()` / time of one `ariaSnapshot({ mode: 'ai' })` on that page
 *   P2 = characters the model reads (the observation's text) / characters of the ai snapshot
 * Both are medians over a few repetitions, alternating which side runs first.
 */
import { perceive } from '../capture/perceive/perceive.ts';
import { Session } from '../capture/session.ts';
import { processTreeCpuMs } from './process-cpu.ts';

/** The size the notes measured Playwright at (~166K chars, ~200 ms): comparable figures. */
const kElements = 2_000;
/** Repetitions per side; the median damps noise from other processes on the machine. */
const kRuns = 11;

/** One "row" of eight elements: a mix close to a busy admin page. */
function row(i: number): string {
  return `<tr>
    <td><a href="/items/${i}">Item ${i}</a></td>
    <td><button type="button">Edit ${i}</button></td>
    <td><input type="text" aria-label="Quantity ${i}" value="${i % 7}"></td>
    <td><select aria-label="Status ${i}"><option>Open</option><option>Closed</option></select></td>
    <td><label><input type="checkbox"${i % 3 ? '' : ' checked'}> Flag ${i}</label></td>
    <td>Updated 2024-01-${String((i % 28) + 1).padStart(2, '0')} by user ${i % 13}</td>
    <td><span role="button" tabindex="0" style="cursor:pointer">More ${i}</span></td>
    <td>${i % 5 === 0 ? `<h3>Group ${i / 5}</h3>` : `<p>Note ${i}: nothing to report.</p>`}</td>
  </tr>`;
}

export function benchPage(elements = kElements): string {
  const rows = Array.from({ length: Math.ceil(elements / 8) }, (_, i) => row(i + 1)).join('\n');
  return `<!doctype html><html lang="en"><head><title>Perception bench</title></head><body>
    <header><nav aria-label="Main"><a href="/">Home</a> <a href="/items">Items</a> <a href="/settings">Settings</a></nav></header>
    <main><h1>Inventory</h1><form role="search"><input type="search" aria-label="Search"><button>Search</button></form>
    <table><thead><tr><th>Item</th><th>Edit</th><th>Qty</th><th>Status</th><th>Flag</th><th>Updated</th><th>More</th><th>Notes</th></tr></thead>
    <tbody>${rows}</tbody></table></main></body></html>`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Wall time, and CPU time of this process and the browser's (null where /proc is missing). */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; cpuMs: number | null; value: T }> {
  const cpu = processTreeCpuMs();
  const started = performance.now();
  const value = await fn();
  const ms = performance.now() - started;
  const after = processTreeCpuMs();
  return { ms, cpuMs: cpu === null || after === null ? null : after - cpu, value };
}

async function main(): Promise<void> {
  const session = await Session.create({});
  try {
    const page = session.currentPageOrDie();
    await page.setContent(benchPage());
    // Warm-up: the first snapshot compiles the injected script and fills style caches.
    const warm = await perceive(session, null);
    await page.ariaSnapshot({ mode: 'ai' });
    const snapshotMs: number[] = [];
    const perceiveMs: number[] = [];
    const snapshotCpu: number[] = [];
    const perceiveCpu: number[] = [];
    let snapshotChars = 0;
    let modelChars = 0;
    for (let run = 0; run < kRuns; run++) {
      const sides = [
        async () => {
          const { ms, cpuMs, value } = await timed(() => page.ariaSnapshot({ mode: 'ai' }));
          snapshotMs.push(ms);
          if (cpuMs !== null) snapshotCpu.push(cpuMs);
          snapshotChars = value.length;
        },
        async () => {
          const { ms, cpuMs, value } = await timed(() => perceive(session, null));
          perceiveMs.push(ms);
          if (cpuMs !== null) perceiveCpu.push(cpuMs);
          modelChars = value.text.length;
        },
      ];
      if (run % 2) sides.reverse();
      for (const side of sides) await side();
    }
    const p1 = median(perceiveMs) / median(snapshotMs);
    const p2 = modelChars / snapshotChars;
    console.log(`page: ${warm.elements.length} listed elements (${kElements} generated), ai snapshot ${snapshotChars} chars, ${kRuns} runs`);
    const cpu = perceiveCpu.length && snapshotCpu.length
      ? `; CPU time of node and the browser ${(median(perceiveCpu) / median(snapshotCpu)).toFixed(2)}x, ${median(perceiveCpu).toFixed(0)} vs ${median(snapshotCpu).toFixed(0)} ms`
      : '';
    console.log(`P1 perception/ariaSnapshot = ${p1.toFixed(2)}x (perceive ${median(perceiveMs).toFixed(1)} ms, ariaSnapshot ${median(snapshotMs).toFixed(1)} ms, medians${cpu})`);
    console.log(`P2 model chars/ai snapshot chars = ${p2.toFixed(2)} (${modelChars} / ${snapshotChars})`);
  } finally {
    await session.dispose();
  }
}

await main();
