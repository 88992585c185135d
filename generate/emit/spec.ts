import type { Project, Statement } from 'ts-morph';
import { Node } from '../ts-morph.ts';
import { kChangesDataTag } from '../../core/changes-data.ts';
import type { Flow, FlowOutcome, FlowState, PageModel } from '../../core/schema/page-model.ts';
import { words } from '../names/identifiers.ts';
import { perRecordingKeys, urlCheckSource } from '../model/url-check.ts';
import { hashRoutes } from './page-identity.ts';
import { appBase, appRelative } from '../model/url-pattern.ts';
import { flowVariables, workflowVarNames } from './workflow.ts';
import { headingExpression, headingSnapshot, isStableText, outcomeLocatorCode } from './code.ts';
import { kTestHelperModule, type EmitContext } from './context.ts';
import { stampProvenance } from './provenance.ts';
import { millisecondsLiteral, replayTimeout, type TimedStep } from './replay-timeout.ts';
import { createSource, printSource, regexLiteral, templateLiteral } from './source.ts';
import { str } from '../../core/locator/model-code.ts';

/** The variable that turns a generated spec's missing secret from a failure into a skip. */
const kSkipMissingSecrets = 'BU_SKIP_MISSING_SECRETS';

/**
 * `tests/<name>.spec.ts`: runs a workflow and asserts the state the recorded run ended in;
 * `tests/replay-<session>.spec.ts`: replays the recorded history with brow-use's replay helper.
 */

/**
 * A flow that needs secrets checks them first: without one, the test fails naming the variables
 * (a CI job without them is not green having run nothing). Skipping instead is the user's choice:
 * `BU_SKIP_MISSING_SECRETS=1`.
 */
function secretGuard(flow: Flow): string[] {
  if (!flow.secrets.length) return [];
  // BU_SECRET_<NAME> in upper case is the documented spelling; the recorded case is accepted too.
  const present = (s: string) => (s === s.toUpperCase() ? `process.env.BU_SECRET_${s}` : `(process.env.BU_SECRET_${s.toUpperCase()} ?? process.env.BU_SECRET_${s})`);
  const condition = flow.secrets.map((s) => `!${present(s)}`).join(' || ');
  const needed = `set ${flow.secrets.map((s) => `BU_SECRET_${s.toUpperCase()}`).join(', ')} to run this flow`;
  return [
    `const missingSecret = ${condition};`,
    `test.skip(missingSecret && process.env.${kSkipMissingSecrets} === '1', ${str(needed)});`,
    `if (missingSecret) throw new Error(${str(`${needed} (${kSkipMissingSecrets}=1 skips it instead)`)});`,
  ];
}

/** A test's doc comment; recorded text in it (a title, a value) may hold the comment terminator. */
function document(statement: Statement, description: string): void {
  if (Node.isExpressionStatement(statement)) statement.addJsDoc({ description: description.replace(/\*\//g, '*') });
}

/** How a spec that changes the app's data is to be run, in its doc comment. */
const kAgainstTestData = "run it against test data, which the project's reset command (`BU_RESET_COMMAND`) puts back before it.";

/**
 * Where a spec takes `test` and `expect` from: a flow that changes the app's data from
 * `brow-use/test`, whose `test` puts the data back first when the project sets a reset command;
 * any other from Playwright.
 */
function testModule(flow: Flow): string {
  return flow.changes.length ? kTestHelperModule : '@playwright/test';
}

export function emitFlowSpec(project: Project, ctx: EmitContext, flow: Flow): { file: string; text: string } | null {
  const names = ctx.names.flows.get(flow.sessionId)!;
  const last = flow.steps[flow.steps.length - 1];
  if (!last) return null;
  const file = `tests/${names.fileBase}.spec.ts`;
  const source = createSource(project, `/gen/${file}`);
  const final = ctx.page(last.after.page);
  const finalClass = ctx.pageNames(final.id).className;
  // A flow that ends in a tab it opened is checked there: the page object it returns is bound to it.
  const shown = last.after.tab ? 'ended.page' : 'page';
  const body = [...secretGuard(flow), ...freshCall(flow, names.functionName, last.after.tab ? 'ended' : null)];
  const urlCheck = finalUrlCheck(ctx, last.after);
  if (urlCheck) body.push(urlComment(last.after.url));
  body.push(`await expect(${shown}).toHaveURL(${urlCheck ?? `${finalClass}.urlPattern`});`);
  if (final.heading && isStableText(last.after.heading) && final.heading.text.toLowerCase() === last.after.heading.toLowerCase()) {
    const heading = final.heading;
    body.push(`await expect(${headingExpression(heading, shown)}).toBeVisible();`);
    if (heading.level !== null) body.push(`await expect(${shown}.locator('body')).toMatchAriaSnapshot(${templateLiteral(headingSnapshot(heading))});`);
  }
  const variables = flowVariables(flow);
  // A recording with expect steps says what to check: the workflow asserts them where they were
  // checked, and what generate would guess the flow left is not asserted besides.
  const expects = flow.steps.filter((step) => step.kind === 'expect').length;
  if (!expects) body.push(...flow.outcomes.map((outcome) => outcomeCheck(outcome, outcome.variable ? `vars.${variables.get(outcome.variable)!}` : null, shown)));
  source.addImportDeclaration({ moduleSpecifier: testModule(flow), namedImports: ['expect', 'test'] });
  if (!urlCheck) source.addImportDeclaration({ moduleSpecifier: `../pom/${finalClass}.ts`, namedImports: [finalClass] });
  const defaults = flow.fresh.length ? [workflowVarNames(names.functionName).defaultsName] : [];
  source.addImportDeclaration({ moduleSpecifier: `../workflows/${names.fileBase}.ts`, namedImports: [names.functionName, ...defaults] });
  const statement = source.addStatements((writer) => {
    const tag = flow.changes.length ? ` { tag: ${str(kChangesDataTag)} },` : '';
    writer.write(`test(${str(`${words(names.functionName, 12).join(' ')} (${flow.sessionId})`)},${tag} async ({ page }) => `).inlineBlock(() => {
      for (const line of body) writer.writeLine(line);
    }).write(');');
  })[0]!;
  const outcomes = expects
    ? ` Checks the ${expects} expectation(s) of the recording along the way.`
    : flow.outcomes.length ? ' Checks what it left: ' + flow.outcomes.map((o) => `“${o.text}” ${o.kind}`).join(', ') + '.' : '';
  const changes = flow.changes.length ? ` Changes the app's data (${flow.changes.join('; ')}): ${kAgainstTestData}` : '';
  document(statement, `${names.description} Ends on {@link ${finalClass}}, as the recording did.${outcomes}${changes}`);
  stampProvenance(source);
  return { file, text: printSource(source) };
}

/**
 * The workflow call: with the recorded values, or, when the flow creates records, with a fresh
 * value for each (the recorded one and a suffix unique to this run), so a second run on the same
 * app finds its own records.
 */
function freshCall(flow: Flow, functionName: string, bind: string | null): string[] {
  const call = (args: string) => `${bind ? `const ${bind} = ` : ''}await ${functionName}(${args});`;
  if (!flow.fresh.length) return [call('page')];
  const variables = flowVariables(flow);
  const fresh = flow.fresh.map((name) => `${variables.get(name)!}: \`${flow.variables[name]!.replace(/[`\\$]/g, '\\$&')} \${run}\``);
  return [
    '// A suffix unique to this run: the records the flow creates are told apart from earlier runs\'.',
    'const run = Date.now().toString(36);',
    `const vars = { ...${workflowVarNames(functionName).defaultsName}, ${fresh.join(', ')} };`,
    call('page, vars'),
  ];
}

/** One assertion of a recorded outcome: content that is shown, or gone. */
function outcomeCheck(outcome: FlowOutcome, variable: string | null, page: string): string {
  const text = variable ?? str(outcome.text);
  const locator = `${page}.${outcomeLocatorCode(outcome, text)}`;
  // Shown: at least one (earlier runs may have left the same text); gone: none left.
  return outcome.kind === 'shown' ? `await expect(${locator}.first()).toBeVisible();` : `await expect(${locator}).toHaveCount(0);`;
}

export function historyCopyPath(flow: Flow): string {
  return `histories/${flow.sessionId}.json`;
}

/** Query keys whose values came from where the app ran (they differed between the recordings). */
function environmentKeys(model: PageModel): Set<string> {
  return perRecordingKeys(model.flows.map((flow) => [flow.startUrl, ...flow.steps.map((step) => step.after.url)]));
}

/**
 * The regular expression a spec checks the final URL with, when the page has no parameters and
 * the URL is on the app: its path and what of its query and hash is the app's own
 * (generate/model/url-check.ts). Null otherwise: the page's URL pattern checks it.
 */
function finalUrlCheck(ctx: EmitContext, after: FlowState): string | null {
  if (ctx.page(after.page).params.length || !/^\.?\//.test(after.url)) return null;
  return regexLiteral(urlCheckSource(after.url, { ignore: environmentKeys(ctx.model), skipNumbers: true, hashRoutes: hashRoutes(ctx.model) }));
}

function urlComment(url: string): string {
  return `// Recorded at ${url}: checks its path and hash route, and the query values that hold on every run.`;
}

/** What the spec checks of the state a flow ended in: its URL when stable, and its heading. */
function finalStateChecks(ctx: EmitContext, flow: Flow): string[] {
  const last = flow.steps[flow.steps.length - 1];
  if (!last) return [];
  const final = ctx.page(last.after.page);
  const checks: string[] = [];
  // A replay that ended in another tab, as the recording did, is checked there.
  const shown = last.after.tab ? 'shown' : 'page';
  if (last.after.tab) {
    checks.push(`// The recording ended in tab ${last.after.tab + 1}, which the flow opened.`, `const shown = page.context().pages()[${last.after.tab}]!;`);
  }
  const urlCheck = finalUrlCheck(ctx, last.after);
  if (urlCheck) checks.push(urlComment(last.after.url), `await expect(${shown}).toHaveURL(${urlCheck});`);
  if (final.heading && isStableText(last.after.heading) && final.heading.text.toLowerCase() === last.after.heading.toLowerCase()) {
    const heading = final.heading;
    checks.push(`await expect(${headingExpression(heading, shown)}).toBeVisible();`);
  }
  return checks;
}

/** The replay spec's timeout, with how it was reached in a comment a reader of the spec can check. */
function timeoutLines(recorded: readonly TimedStep[]): string[] {
  const { timeoutMs, steps, recordedMs } = replayTimeout(recorded);
  return [
    `// ${steps} recorded ${steps === 1 ? 'step' : 'steps'} took ${(recordedMs / 1000).toFixed(1)} s: room for a slower machine and for finding moved elements again.`,
    `test.setTimeout(${millisecondsLiteral(timeoutMs)});`,
  ];
}

/** `recorded`: the history's steps, which the test's timeout is computed from (replay-timeout.ts). */
export function emitReplaySpec(project: Project, ctx: EmitContext, flow: Flow, recorded: readonly TimedStep[]): { file: string; text: string } {
  const file = `tests/replay-${flow.sessionId}.spec.ts`;
  const source = createSource(project, `/gen/${file}`);
  const fromHelper = testModule(flow) === kTestHelperModule;
  source.addImportDeclarations([
    { moduleSpecifier: 'node:fs/promises', defaultImport: 'fs' },
    { moduleSpecifier: 'node:path', defaultImport: 'path' },
    ...(fromHelper ? [] : [{ moduleSpecifier: '@playwright/test', namedImports: ['expect', 'test'] }]),
    { moduleSpecifier: kTestHelperModule, namedImports: fromHelper ? ['expect', 'replayHistory', 'test'] : ['replayHistory'] },
  ]);
  // The run's start directory relative to the base URL: replay rebases it onto BASE_URL.
  const startDirectory = appRelative(new URL('.', flow.startUrl).href, appBase([ctx.model.baseUrl]));
  const body = [
    ...timeoutLines(recorded),
    ...secretGuard(flow),
    `const file = path.join(test.info().project.testDir, '..', ${str(historyCopyPath(flow))});`,
    `const history: unknown = JSON.parse(await fs.readFile(file, 'utf8'));`,
    `const baseUrl = new URL(${str(startDirectory.startsWith('./') ? startDirectory : './')}, test.info().project.use.baseURL).href;`,
    'const report = await replayHistory(page, history, { baseUrl });',
    'expect(report.summary.ok).toBe(true);',
    'expect(report.summary.byStatus.failed ?? 0).toBe(0);',
    ...finalStateChecks(ctx, flow),
  ];
  const statement = source.addStatements((writer) => {
    // It does what the recording did: a flow that changes the app's data changes it here too.
    const tag = flow.changes.length ? ` { tag: ${str(kChangesDataTag)} },` : '';
    writer.write(`test(${str(`replay ${flow.sessionId}`)},${tag} async ({ page }) => `).inlineBlock(() => {
      for (const line of body) writer.writeLine(line);
    }).write(');');
  })[0]!;
  const changes = flow.changes.length ? ` Changes the app's data as the recording did (${flow.changes.join('; ')}): ${kAgainstTestData}` : '';
  document(statement, `Replays the recorded history of ${flow.sessionId} step by step, re-finding every element and verifying every step, and checks the state it ends in.${changes}`);
  stampProvenance(source);
  return { file, text: printSource(source) };
}
