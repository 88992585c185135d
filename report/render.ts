import type { EdgeView, ReplayView, ReportModel, StepView } from './model.ts';
import { renderGraph } from './graph.ts';
import { kReportCss } from './style.ts';

/** Renders the report as one self-contained HTML page (no network, works from file://). */

/** Steps beyond this many start collapsed so very long runs stay responsive. */
const kOpenSteps = 30;

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function field(label: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `<tr><th>${esc(label)}</th><td>${esc(text)}</td></tr>`;
}

function renderSummary(model: ReportModel): string {
  const run = model.run ?? {};
  const usage = run.usage as Record<string, unknown> | undefined;
  const rows = [
    field('session', model.sessionId),
    field('command', run.command),
    field('url', run.url),
    field('mode', run.mode),
    field('started', run.startedAt),
    field('ended', run.endedAt),
    field('termination', run.terminationReason),
    field('error', run.error),
    field('intent', run.intent ?? run.instruction),
    field('pages visited', run.pagesVisited),
    field('steps', model.steps.length),
    usage ? field('usage', `${usage.calls ?? 0} calls, ${usage.tokensIn ?? 0} tokens in, ${usage.tokensOut ?? 0} out, cost ${usage.cost ?? 0}`) : '',
  ].join('');
  const trace = model.traceFile
    ? `<p>Open the trace in Playwright's trace viewer: <code>npx playwright show-trace ${esc(model.traceFile)}</code></p>`
    : '';
  const notes = model.notes.map((n) => `<p class="note">${esc(n)}</p>`).join('');
  const subtasks = model.subtasks.length
    ? `<h3>Subtasks</h3><ol class="subtasks">${model.subtasks
        .map((s) => `<li class="st-${esc(s.status)}">${esc(s.text)} <span class="muted">${esc(s.status)}${s.steps.length ? `, steps ${esc(s.steps.join(', '))}` : ''}</span></li>`)
        .join('')}</ol>`
    : '';
  return `<section id="summary"><h2>Run</h2><table class="kv">${rows}</table>${subtasks}${trace}${notes}</section>`;
}

function renderStep(step: StepView, open: boolean): string {
  const actions = step.actions
    .map(
      (a) =>
        `<li><code>${esc(a.apiName)}</code>${a.locator ? ` <code class="loc">${esc(a.locator)}</code>` : ''}${
          a.durationMs !== null ? ` <span class="muted">${Math.round(a.durationMs)} ms</span>` : ''
        }${a.error ? ` <span class="err">${esc(a.error)}</span>` : ''}</li>`,
    )
    .join('');
  const reasoning = step.reasoning.map((r) => `<li><b>${esc(r.kind)}</b> ${esc(r.text)}</li>`).join('');
  const diff = step.ariaDiff
    ? `<details class="diff"><summary>aria changes (${step.ariaDiff.filter((l) => l.op === 'add' || l.op === 'del').length})</summary><pre>${step.ariaDiff
        .map((l) => (l.op === 'skip' ? `<span class="skip">… ${l.count} unchanged</span>` : `<span class="${l.op}">${l.op === 'add' ? '+ ' : l.op === 'del' ? '- ' : '  '}${esc(l.text)}</span>`))
        .join('\n')}</pre></details>`
    : '';
  const shot = step.screenshot ? `<a href="${esc(step.screenshot)}"><img loading="lazy" src="${esc(step.screenshot)}" alt="step ${step.step} screenshot"></a>` : '<div class="noshot">no screenshot</div>';
  return `<details class="step${step.error ? ' failed' : ''}" id="step-${step.step}"${open ? ' open' : ''}>
<summary><span class="num">${step.step}</span> ${esc(step.title)}${step.error ? ' <span class="err">error</span>' : ''}</summary>
<div class="body">${shot}<div class="info">
${step.subtask ? `<p class="subtask"><b>subtask${step.subtask.position === null ? '' : ` ${step.subtask.position}/${step.subtask.of}`}</b> ${esc(step.subtask.text)} <span class="st-${esc(step.subtask.status.replace(' ', '-'))}">${esc(step.subtask.status)}</span></p>` : ''}
${step.intent ? `<p><b>next goal</b> ${esc(step.intent)}</p>` : ''}
${step.urlBefore || step.urlAfter ? `<p class="muted">${esc(step.urlBefore)}${step.urlAfter && step.urlAfter !== step.urlBefore ? ` → ${esc(step.urlAfter)}` : ''}</p>` : ''}
${reasoning ? `<ul class="reasoning">${reasoning}</ul>` : ''}
<ul class="actions">${actions}</ul>
${step.error ? `<p class="err">${esc(step.error)}</p>` : ''}${diff}</div></div></details>`;
}

function renderEdges(edges: EdgeView[]): string {
  if (!edges.length) return '<section id="graph"><h2>Navigation</h2><p class="muted">no navigation recorded</p></section>';
  const rows = edges
    .map((e) => `<tr><td>${esc(e.from)}</td><td>${esc(e.label)}</td><td>${esc(e.to)}</td><td>${esc(e.confidence)}</td><td>${e.count}</td></tr>`)
    .join('');
  return `<section id="graph"><h2>Navigation</h2>${renderGraph(edges)}<table class="grid"><tr><th>from</th><th>action</th><th>to</th><th>confidence</th><th>seen</th></tr>${rows}</table></section>`;
}

/** One line about a replay: its outcome, counts by status, strategy, time and model calls. */
function replayHeadline(summary: Record<string, unknown>): string {
  const byStatus = (summary.byStatus ?? {}) as Record<string, unknown>;
  const counts = Object.entries(byStatus)
    .filter(([, n]) => typeof n === 'number' && n > 0)
    .map(([status, n]) => `${esc(n)} ${esc(status)}`)
    .join(' · ');
  const parts = [
    summary.ok === true ? '<span class="ok">passed</span>' : summary.ok === false ? '<span class="err">failed</span>' : '',
    counts,
    summary.strategy ? `strategy ${esc(summary.strategy)}` : '',
    typeof summary.totalMs === 'number' ? `${(summary.totalMs / 1000).toFixed(1)} s` : '',
    typeof summary.llmCalls === 'number' ? `${esc(summary.llmCalls)} model calls` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

function renderReplay(replay: ReplayView): string {
  const rows = replay.steps
    .map(
      (s) => `<tr class="st-${esc(s.status)}"><td>${s.index + 1}</td><td>${esc(s.action)}</td><td class="status">${esc(s.status)}</td><td>${esc(s.level)}</td><td>${esc(s.candidates)}</td><td>${
        s.score === null ? '' : esc(Math.round(s.score))
      }</td><td>${s.locator ? `<code>${esc(s.locator)}</code>` : ''}</td><td class="category">${esc(s.category)}</td><td>${s.healed ? `<code>${esc(s.healed)}</code>` : ''}</td><td>${esc(s.checks.join(', '))}</td><td>${esc(s.message)}</td></tr>`,
    )
    .join('');
  return `<details class="replay" open><summary>${esc(replay.replayId)} <span class="muted">${replayHeadline(replay.summary)}</span></summary>
<table class="grid"><tr><th>step</th><th>action</th><th>status</th><th>level</th><th>candidates</th><th>score</th><th>locator</th><th>category</th><th>healed</th><th>checked</th><th>detail</th></tr>${rows}</table>
${replay.finalUrl ? `<p class="muted">left the app at ${esc(replay.finalUrl)}</p>` : ''}</details>`;
}

export function renderReport(model: ReportModel): string {
  const steps = model.steps.map((s, i) => renderStep(s, i < kOpenSteps)).join('\n');
  const replays = model.replays.length ? model.replays.map(renderReplay).join('\n') : '<p class="muted">no replays yet: run <code>bu replay ' + esc(model.sessionId) + '</code></p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>brow-use report: ${esc(model.sessionId)}</title><style>${kReportCss}</style></head>
<body><header><h1>${esc(model.sessionId)}</h1><nav><a href="#summary">Run</a> <a href="#timeline">Timeline</a> <a href="#graph">Navigation</a> <a href="#replays">Replays</a></nav></header>
<main>${renderSummary(model)}
<section id="timeline"><h2>Timeline <span class="muted">(${model.steps.length} steps)</span></h2>${steps || '<p class="muted">no steps recorded</p>'}</section>
${renderEdges(model.edges)}
<section id="replays"><h2>Replays</h2>${replays}</section></main></body></html>
`;
}
