// Child-process writers for the "nothing lost" tests: run with `node writers.mjs MODE ...`.
// Plain JavaScript on the compiled package (dist/, which the suite's global setup keeps current),
// as `bu` itself runs: started through tsx, each child took about 0.4 CPU-s more to start.
import path from 'node:path';
import { appendJsonLine, writeFileAtomic } from '../../../dist/core/io/atomic.js';
import { outputPaths } from '../../../dist/core/paths.js';
import { extractTrace } from '../../../dist/extract/extract.js';

const [mode, target, prefix, countText, padText] = process.argv.slice(2);
const count = Number(countText);
const padding = 'x'.repeat(Number(padText ?? 0));

switch (mode) {
  // One JSON line per call, as the llm, aria and reasoning logs are written.
  case 'append':
    for (let i = 0; i < count; i++) await appendJsonLine(target, { writer: prefix, i, padding });
    break;
  // Whole-file rewrites, as the history (per step), replay reports and generated files are written.
  case 'atomic':
    for (let i = 0; i < count; i++) await writeFileAtomic(target, JSON.stringify({ writer: prefix, i, padding }) + '\n');
    break;
  // The same trace extracted again and again into one output dir.
  case 'extract': {
    const paths = outputPaths(path.join(path.dirname(target), 'out'));
    for (let i = 0; i < count; i++) await extractTrace(target, { paths, cwd: path.dirname(target) });
    break;
  }
  default:
    throw new Error(`unknown mode ${mode}`);
}
