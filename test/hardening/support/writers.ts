// Child-process writers for the "nothing lost" tests: run with `node --import tsx writers.ts MODE ...`.
import path from 'node:path';
import { appendJsonLine, writeFileAtomic } from '../../../core/io/atomic.ts';
import { outputPaths } from '../../../core/paths.ts';
import { extractTrace } from '../../../extract/extract.ts';

const [mode, target, prefix, countText, padText] = process.argv.slice(2);
const count = Number(countText);
const padding = 'x'.repeat(Number(padText ?? 0));

switch (mode) {
  // One JSON line per call, as the llm, aria and reasoning logs are written.
  case 'append':
    for (let i = 0; i < count; i++) await appendJsonLine(target!, { writer: prefix, i, padding });
    break;
  // Whole-file rewrites, as the history (per step), replay reports and generated files are written.
  case 'atomic':
    for (let i = 0; i < count; i++) await writeFileAtomic(target!, JSON.stringify({ writer: prefix, i, padding }) + '\n');
    break;
  // The same trace extracted again and again into one output dir.
  case 'extract': {
    const paths = outputPaths(path.join(path.dirname(target!), 'out'));
    for (let i = 0; i < count; i++) await extractTrace(target!, { paths, cwd: path.dirname(target!) });
    break;
  }
  default:
    throw new Error(`unknown mode ${mode}`);
}
