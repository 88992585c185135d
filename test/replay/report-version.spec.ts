import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { readJsonFile } from '../../core/io/read.ts';
import { kReplayReportVersion, ReplayReport } from '../../core/schema/replay-report.ts';

/**
 * Every replay report version stays readable (`bu report` reads the reports of old replays):
 * version 1 named the model fallback's fields `heal`, version 2 `fallback`.
 */

const kV1 = path.join(import.meta.dirname, '..', 'hardening', 'fixtures', 'replay-report-v1.json');

test('a version 1 report reads as the current version, its heal fields as fallback', async () => {
  const report = await readJsonFile(ReplayReport, kV1, 'replay report');
  expect(report.version).toBe(kReplayReportVersion);
  expect(report.summary.fallback).toBe('llm');
  expect(report.steps[0]).toMatchObject({ status: 'healed', level: 'llm', fallback: { offered: 2, picked: 0, accepted: true } });
  expect(report.steps[0]).not.toHaveProperty('heal');
  // The current version round-trips unchanged.
  expect(ReplayReport.parse(report)).toEqual(report);
});
