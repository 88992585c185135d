// Writes `count` runs into a run database; used by the concurrency and kill tests.
// Plain JavaScript on the compiled package (dist/, which the suite's global setup keeps current),
// as `bu` itself runs: started through tsx, each child took about 0.4 CPU-s more to start.
import { RunsDb } from '../../dist/core/runs-db.js';

const [file, prefix, countText, padText] = process.argv.slice(2);
const db = new RunsDb(file);
const count = Number(countText);
const padding = 'x'.repeat(Number(padText ?? 0));
for (let i = 0; i < count; i++) {
  const now = new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)).toISOString();
  await db.upsert({
    sessionId: `${prefix}-${1_700_000_000_000 + i}`,
    command: 'explore',
    startedAt: now,
    endedAt: now,
    url: 'http://127.0.0.1/',
    mode: 'playwright',
    artifacts: { note: padding },
    terminationReason: 'done',
  });
}
