/** The report's stylesheet, inlined so the page needs nothing else. */
export const kReportCss = `
:root { font: 14px/1.45 system-ui, sans-serif; color: #1d2330; background: #f6f7f9; }
header { position: sticky; top: 0; background: #1d2330; color: #fff; padding: .5rem 1rem; display: flex; gap: 2rem; align-items: baseline; z-index: 1; }
header h1 { font-size: 1.1rem; margin: 0; } header a { color: #c9d6ff; margin-right: 1rem; }
main { max-width: 1200px; margin: 0 auto; padding: 1rem; }
section { background: #fff; border: 1px solid #dde1e8; border-radius: 6px; padding: .5rem 1rem 1rem; margin-bottom: 1rem; }
table.kv th { text-align: left; padding-right: 1rem; color: #5b6474; font-weight: 500; }
table.grid { border-collapse: collapse; width: 100%; margin-top: .5rem; font-size: 13px; }
table.grid th, table.grid td { border-bottom: 1px solid #eceff3; padding: 3px 6px; text-align: left; vertical-align: top; }
details.step { border-top: 1px solid #eceff3; padding: .25rem 0; }
details.step > summary { cursor: pointer; font-weight: 500; }
details.step.failed > summary { color: #b3261e; }
.num { display: inline-block; min-width: 2.2rem; color: #5b6474; }
.body { display: flex; gap: 1rem; margin: .5rem 0 .5rem 2.2rem; }
.body img { width: 360px; border: 1px solid #dde1e8; border-radius: 4px; }
.noshot { width: 360px; height: 60px; display: grid; place-items: center; color: #8a93a3; border: 1px dashed #dde1e8; }
.info { flex: 1; min-width: 0; } .info ul { margin: .25rem 0; padding-left: 1.2rem; }
code { background: #f0f2f5; padding: 0 3px; border-radius: 3px; font-size: 12px; word-break: break-all; }
.muted { color: #6b7485; font-weight: normal; } .err, .category { color: #b3261e; } .ok { color: #146c2e; }
pre { background: #fafbfc; border: 1px solid #eceff3; padding: .5rem; overflow-x: auto; font-size: 12px; }
pre .add { color: #146c2e; } pre .del { color: #b3261e; } pre .skip { color: #8a93a3; }
tr.st-passed .status { color: #146c2e; } tr.st-healed .status { color: #8a5a00; } tr.st-failed .status { color: #b3261e; font-weight: 600; }
svg.graph { width: 100%; max-height: 520px; } svg.graph text { font-size: 11px; fill: #1d2330; }
p.subtask .st-done, li.st-done { color: #146c2e; } p.subtask .st-replaced, li.st-replaced { color: #8a93a3; text-decoration: line-through; }
svg.graph line { stroke: #8a93a3; } svg.graph circle { fill: #c9d6ff; stroke: #4659a8; }
`;
