import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { History } from '../../core/schema/history.ts';
import { outputPaths } from '../../core/paths.ts';
import { startFakeLlm, step, type RecordedRequest } from '../../harness/fake-llm.ts';
import { kReportCsv, startSkillsSite } from './skills-site.ts';
import { sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/** Skills (fill_form, download) and upload_file's limits, through the CLI with a scripted model. */

const h = useHarness({ start: startSkillsSite });

/** The index of the first element whose list line matches `pattern` (`[7]link "Report"`). */
function indexOf(request: RecordedRequest, pattern: RegExp): number {
  const page = request.messages.find((m) => m.role === 'user' && m.content.includes('<browser_state>'))?.content ?? '';
  const line = page.split('\n').find((l) => pattern.test(l));
  const match = line && /\[(\d+)\]/.exec(line);
  if (!match) throw new Error(`no element matching ${pattern} in:\n${page}`);
  return Number(match[1]);
}

test('fill_form records one step per field, download saves the file, upload_file takes only allowed files', async () => {
  await fs.writeFile(path.join(h.ws.dir, 'avatar.png'), 'not really a png');
  await fs.writeFile(path.join(h.ws.dir, 'private.txt'), 'keep out');
  const llm = await startFakeLlm([
    step({ fill_form: { fields: [{ label: 'Full name', value: 'Ann' }, { label: 'Country', value: 'Sweden' }, { label: 'Newsletter', value: 'true' }] } }),
    (req) => step({ upload_file: { index: indexOf(req, /button "Avatar"/), path: 'private.txt' } }),
    (req) => step({ upload_file: { index: indexOf(req, /button "Avatar"/), path: 'avatar.png' } }),
    (req) => step({ download: { index: indexOf(req, /link "Report"/) } }),
    step({ done: { text: 'Profile filled, report downloaded.', success: true } }),
  ]);
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'Fill the profile and get the report', '--format', 'txt', '--no-finish-check', '--upload-path', 'avatar.png'], llm);
  await llm.close();
  expect(result.code, result.stderr).toBe(0);
  const id = sessionIdOf(result);
  const paths = outputPaths(h.ws.output);
  const history = History.parse(JSON.parse(await fs.readFile(paths.history(id), 'utf8')));
  // fill_form became three recorded actions a replay knows; the download is its click.
  expect(history.steps.map((s) => [s.action, s.ok])).toEqual([
    ['input', true], ['select_dropdown', true], ['click', true], ['upload_file', false], ['upload_file', true], ['click', true], ['done', true],
  ]);
  expect(history.steps[0]!.fingerprint?.name).toBe('Full name');
  expect(history.steps[0]!.targetAfter?.value).toBe('Ann');
  expect(history.steps[1]!.targetAfter?.selected).toEqual(['Sweden']);
  expect(history.steps[2]!.targetAfter?.checked).toBe(true);
  expect(history.steps[3]!.targetAfter?.value).toBe('');
  expect(history.steps[4]!.targetAfter?.value).toMatch(/avatar\.png$/);
  expect(history.steps[5]!.fingerprint?.name).toBe('Report');
  // The refused upload set no file; the model read why, and where files may come from.
  expect(llm.requests[2]!.messages[1]!.content).toMatch(/upload_file failed: no file private\.txt in the session files .*avatar\.png; only those can be uploaded/);
  expect(llm.requests[1]!.messages[1]!.content).toContain(`<files>\nFiles you may upload: ${JSON.stringify(path.join(h.ws.dir, 'avatar.png'))}`);
  expect(llm.requests[1]!.messages[1]!.content).toContain('fill_form: Filled 3 field(s): textbox "Full name", combobox "Country", checkbox "Newsletter"');
  // The download is kept under the session files and listed in the run's artifacts.
  const file = path.join(h.ws.output, 'files', id, 'downloads', 'report.csv');
  expect(await fs.readFile(file, 'utf8')).toBe(kReportCsv);
  expect((await h.ws.runEntry(id)).artifacts).toMatchObject({ 'download:report.csv': file });
  expect(llm.requests[4]!.messages[1]!.content).toContain('download: Downloaded report.csv (21 bytes) to downloads/report.csv');
  // The prompt lists the skills with the actions.
  expect(llm.requests[0]!.messages[0]!.content).toMatch(/- fill_form \{fields\}: Fill several form fields/);
  expect(llm.requests[0]!.messages[0]!.content).toMatch(/- download \{index\}: Click the link or button/);
});

test('an --upload-path that does not exist is refused before any browser starts', async () => {
  const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'x', '--upload-path', 'missing.png'], null, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('--upload-path missing.png: no such file or folder');
});
