import type { OptionalKind, ParameterDeclarationStructure, Project } from 'ts-morph';
import { VariableDeclarationKind } from '../ts-morph.ts';
import { assertNever } from '../../core/errors.ts';
import type { StepDialog } from '../../core/schema/history.ts';
import type { Flow, FlowStep } from '../../core/schema/page-model.ts';
import { instanceName, NameAllocator, safeVariable, sanitizeIdentifier } from '../names/identifiers.ts';
import { outcomeLocatorCode, valueExpression } from './code.ts';
import { checkStatement } from './expect-code.ts';
import type { EmitContext } from './context.ts';
import { stampProvenance } from './provenance.ts';
import { commentText, createSource, printSource } from './source.ts';
import { str } from '../../core/locator/model-code.ts';

/**
 * `workflows/<name>.ts`: one typed async function per recorded run, composing page object
 * methods. Variables become a typed parameter with the recorded values as defaults; secrets are
 * read from `BU_SECRET_<NAME>` at run time and never written into the code.
 */

export const kSecretsModule = 'workflows/secrets.ts';

/** The type and defaults a workflow with variables exports: `ItemsFlowVars`, `itemsFlowDefaults`. */
export function workflowVarNames(functionName: string): { varsType: string; defaultsName: string } {
  return { varsType: `${functionName.charAt(0).toUpperCase()}${functionName.slice(1)}Vars`, defaultsName: `${functionName}Defaults` };
}

/** Variable names of a flow: `ITEM_TITLE` -> `itemTitle`, collision-free. */
export function flowVariables(flow: Flow): Map<string, string> {
  const allocator = new NameAllocator(['page']);
  return new Map(Object.keys(flow.variables).sort().map((name) => [name, allocator.allocate(safeVariable(sanitizeIdentifier(name, 'value', 'camel')))]));
}

export function emitWorkflow(project: Project, ctx: EmitContext, flow: Flow): { file: string; text: string } {
  const names = ctx.names.flows.get(flow.sessionId)!;
  const file = `workflows/${names.fileBase}.ts`;
  const source = createSource(project, `/gen/${file}`);
  const variables = flowVariables(flow);
  const { varsType, defaultsName } = workflowVarNames(names.functionName);
  const usedPages = new Set<string>();
  const declared = new Set<string>();
  const statements: string[] = [];
  const valueCtx = {
    secret: (name: string) => `requireSecret(${str(name)})`,
    variable: (name: string) => `vars.${variables.get(name)!}`,
  };
  const tabs = new TabVariables();
  const objectOf = (pageId: string, tab = 'page') => {
    const className = ctx.pageNames(pageId).className;
    usedPages.add(className);
    return { className, variable: tabs.objectVariable(instanceName(className), tab) };
  };
  /** Brings the page object of `pageId` in `tab` into scope, waiting for the page when it was not returned. */
  const arrive = (pageId: string, tab = 'page') => {
    const { className, variable } = objectOf(pageId, tab);
    if (!declared.has(variable)) {
      statements.push(`const ${variable} = new ${className}(${tab});`);
      declared.add(variable);
    }
    statements.push(`await ${variable}.expectLoaded();`);
  };
  let current: string | null = null;
  for (const step of flow.steps) {
    current = emitStep(step, current, { ctx, statements, declared, objectOf, arrive, valueCtx, tabs });
  }
  const last = flow.steps[flow.steps.length - 1];
  const finalTab = last ? tabs.at(last.after.tab) : 'page';
  const final = last ? objectOf(last.after.page, finalTab) : null;
  if (final && current !== at(last!.after.page, finalTab)) arrive(last!.after.page, finalTab);
  if (final) statements.push(`return ${final.variable};`);
  dropUnusedBindings(statements);

  const usesSecrets = flow.steps.some((s) => (s.kind === 'interact' && s.values.some((v) => v.kind === 'secret')) || (s.kind === 'expect' && JSON.stringify(s.check).includes('"kind":"secret"')));
  if (flow.steps.some((s) => s.kind === 'expect' || s.kind === 'wait')) source.addImportDeclaration({ moduleSpecifier: '@playwright/test', namedImports: ['expect', { name: 'Page', isTypeOnly: true }] });
  else source.addImportDeclaration({ moduleSpecifier: '@playwright/test', isTypeOnly: true, namedImports: ['Page'] });
  for (const className of [...usedPages].sort()) source.addImportDeclaration({ moduleSpecifier: `../pom/${className}.ts`, namedImports: [className] });
  if (usesSecrets) source.addImportDeclaration({ moduleSpecifier: './secrets.ts', namedImports: ['requireSecret'] });
  const parameters: OptionalKind<ParameterDeclarationStructure>[] = [{ name: 'page', type: 'Page' }];
  if (variables.size) {
    source.addInterface({
      name: varsType,
      isExported: true,
      docs: [`Values ${names.functionName} types that a caller may change.`],
      properties: [...variables].map(([recorded, name]) => ({
        name, type: 'string',
        docs: [commentText(flow.fresh.includes(recorded) ? `Typed as “${flow.variables[recorded]}” when recorded; the record the flow creates and then finds by it.` : `\`{{var:${recorded}}}\` in the recording.`)],
      })),
    });
    source.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The values the recorded run used.'],
      declarations: [{ name: defaultsName, type: varsType, initializer: `{ ${[...variables].map(([recorded, name]) => `${name}: ${str(flow.variables[recorded] ?? '')}`).join(', ')} }` }],
    });
    parameters.push({ name: 'vars', type: varsType, initializer: defaultsName });
  }
  source.addFunction({
    name: names.functionName,
    isExported: true,
    isAsync: true,
    parameters,
    returnType: final ? `Promise<${final.className}>` : 'Promise<void>',
    statements,
    docs: [commentText(`${names.description}\n\nRecorded as ${flow.sessionId}, starting at ${flow.startUrl}.${usesSecrets ? ` Secrets come from \`BU_SECRET_<NAME>\`: ${flow.secrets.map((s) => `BU_SECRET_${s.toUpperCase()}`).join(', ')}.` : ''}`)],
  });
  stampProvenance(source);
  return { file, text: printSource(source) };
}

/** `const x = await call;` (or `const [, x] = …` of a call with dialogs) where nothing later uses `x` becomes `await call;`. */
function dropUnusedBindings(statements: string[]): void {
  statements.forEach((statement, i) => {
    const binding = /^const (?:\[, )?(\w+)\]? = (await .*)$/.exec(statement);
    if (!binding) return;
    const used = statements.slice(i + 1).some((later) => new RegExp(`\\b${binding[1]}\\b`).test(later));
    if (!used) statements[i] = binding[2]!;
  });
}

interface StepScope {
  ctx: EmitContext;
  statements: string[];
  declared: Set<string>;
  objectOf(pageId: string, tab?: string): { className: string; variable: string };
  arrive(pageId: string, tab?: string): void;
  valueCtx: { secret(name: string): string; variable(name: string): string };
  tabs: TabVariables;
}

/** Where a step left the workflow: a page in a tab (`page@popup`). */
function at(pageId: string, tab: string): string {
  return `${pageId}@${tab}`;
}

/**
 * The `Page` variable of each tab the recording had open, in the order the recording counts them:
 * `page` (the test's), then `popup`, `popup2`, … for the tabs the flow opened. A tab that closed
 * leaves the count, as it left the recording's. Page objects of a tab are its own variables.
 */
class TabVariables {
  private readonly open = ['page'];
  private opened = 0;

  /** The variable of the tab the recording counted as `index` (absent: the first). */
  at(index: number | undefined): string {
    return this.open[index ?? 0] ?? 'page';
  }

  /** A variable for the tab a step opens, last in the count. */
  opening(): string {
    this.opened++;
    const variable = this.opened === 1 ? 'popup' : `popup${this.opened}`;
    this.open.push(variable);
    return variable;
  }

  closed(index: number): void {
    if (index > 0) this.open.splice(index, 1);
  }

  /** A page object's variable in `tab`: `itemsPage` in the first, `itemsPageInPopup` in another. */
  objectVariable(instance: string, tab: string): string {
    return tab === 'page' ? instance : `${instance}In${tab.charAt(0).toUpperCase()}${tab.slice(1)}`;
  }
}

/** The longest dialog message a comment quotes. */
const kDialogQuoteChars = 80;

/**
 * The dialogs a call opens, answered as capture answered them (accepted; a prompt with its default
 * text) while the call runs: `Promise.all` of the call and a wait for each dialog in turn, so the
 * step fails if a recorded dialog does not open, and nothing is left listening to answer a later
 * dialog the recording never saw (a confirm of a delete the flow does not make). Playwright
 * dismisses a dialog no one waits for, which would cancel a confirmed delete.
 */
function withDialogs(dialogs: readonly StepDialog[], call: string, tab: string): { comment: string; call: string } {
  if (!dialogs.length) return { comment: '', call };
  const described = dialogs.map((dialog) => {
    const line = dialog.message.replace(/\s+/g, ' ').trim();
    const quoted = line.length > kDialogQuoteChars ? `${line.slice(0, kDialogQuoteChars - 1)}…` : line;
    return `${/^[aeiou]/.test(dialog.type) ? 'an' : 'a'} ${dialog.type}${quoted ? ` (“${quoted}”)` : ''}`;
  });
  const answer = (dialog: StepDialog) => `.then((dialog) => ${dialog.type === 'prompt' ? 'dialog.accept(dialog.defaultValue())' : 'dialog.accept()'})`;
  const waits = dialogs.map((dialog, i) => `${i ? `.then(() => ${tab}.waitForEvent('dialog'))` : `${tab}.waitForEvent('dialog')`}${answer(dialog)}`).join('');
  const each = dialogs.length > 1 ? 'each accepted' : 'accepted';
  return {
    comment: `// The next step opens ${described.join(', then ')}: ${each} as when recorded (the step fails if ${dialogs.length > 1 ? 'one does' : 'it does'} not open).`,
    call: `Promise.all([${waits}, ${call}])`,
  };
}

/** Emits one step; returns the page whose object is known to be loaded afterwards (or null). */
function emitStep(step: FlowStep, current: string | null, scope: StepScope): string | null {
  const { ctx, statements } = scope;
  const tab = scope.tabs.at(step.tab);
  switch (step.kind) {
    case 'goto': {
      const target = ctx.page(step.page);
      const { variable, className } = scope.objectOf(step.page, tab);
      if (!scope.declared.has(variable)) {
        statements.push(`const ${variable} = new ${className}(${tab});`);
        scope.declared.add(variable);
      }
      // A page the flow opens itself is not asserted before its first element is used: the flow
      // asked for the address, and the server answering it under another name (a translated or
      // moved route) is no failure of the flow; the elements it acts on there tell the page.
      statements.push(target.stableUrl === step.url ? `await ${variable}.goto();` : `await ${tab}.goto(${str(step.url)});`);
      return at(step.page, tab);
    }
    case 'back':
      statements.push(`await ${tab}.goBack();`);
      scope.arrive(step.after.page, tab);
      return at(step.after.page, tab);
    case 'close':
      // Closed as the recording closed it; the steps after it act in the tab the recording went on in.
      statements.push(`await ${scope.tabs.at(step.tab)}.close();`);
      scope.tabs.closed(step.tab);
      return null;
    case 'wait':
      // The typing brought this up before the next step when recorded: the page's scripts have answered it.
      statements.push(`await expect(${tab}.${outcomeLocatorCode(step, valueExpression(step.text, scope.valueCtx))}.first()).toBeVisible();`);
      return at(step.page, tab);
    case 'interact': {
      if (current !== at(step.page, tab)) scope.arrive(step.page, tab);
      const { variable } = scope.objectOf(step.page, tab);
      const method = ctx.pageNames(step.page).methods.get(step.interaction)!;
      const interaction = ctx.page(step.page).interactions.find((i) => i.id === step.interaction)!;
      const fieldArgs = interaction.kind === 'form'
        ? interaction.fields.map((field, i) => (method.params[i] ? valueExpression(step.values[i]!, scope.valueCtx) : null)).filter((a) => a !== null)
        : [];
      const args = method.item ? [step.item ? valueExpression(step.item, scope.valueCtx) : "''", ...fieldArgs] : fieldArgs;
      const dialogs = withDialogs(step.dialogs ?? [], `${variable}.${method.name}(${args.join(', ')})`, tab);
      if (dialogs.comment) statements.push(dialogs.comment);
      const call = dialogs.call;
      if (step.opensTab) {
        // The tab it opens is awaited while the call runs, as Playwright's popup event: the steps
        // recorded in it act on it, and the step fails if it does not open.
        const popup = scope.tabs.opening();
        statements.push(`// The next step opens a tab or window (${str(step.after.url)} when recorded): the steps after it that were recorded there act on it.`);
        statements.push(`const [${popup}] = await Promise.all([${tab}.waitForEvent('popup'), ${call}]);`);
        return null;
      }
      if (step.closesTab) {
        statements.push(`await ${call};`);
        // The page closed its own tab: the recording went on in another one.
        scope.tabs.closed(step.tab ?? 0);
        return null;
      }
      const edge = ctx.next(step.page, step.interaction);
      if (edge) {
        const next = scope.objectOf(edge.to, tab);
        if (scope.declared.has(next.variable)) statements.push(`await ${call};`);
        else {
          // With dialogs, the call's page object is the second of what `Promise.all` gives.
          statements.push(`const ${dialogs.comment ? `[, ${next.variable}]` : next.variable} = await ${call};`);
          scope.declared.add(next.variable);
        }
        return edge.to === step.after.page ? at(edge.to, tab) : null;
      }
      statements.push(`await ${call};`);
      return step.after.page === step.page ? at(step.page, tab) : null;
    }
    case 'expect': {
      if (current !== at(step.page, tab)) scope.arrive(step.page, tab);
      const { variable } = scope.objectOf(step.page, tab);
      const names = ctx.pageNames(step.page);
      const elements = ctx.page(step.page).elements;
      const element = (id: string) => {
        const collection = elements.find((e) => e.id === id)?.collection ?? null;
        if (!collection) return `${variable}.${names.members.get(id)!}`;
        const item = names.collections.get(collection)!;
        return `${variable}.${item.accessor}(${step.item ? valueExpression(step.item, scope.valueCtx) : "''"}).${item.members.get(id)!}`;
      };
      statements.push(checkStatement(step.check, { page: tab, element, value: (value) => valueExpression(value, scope.valueCtx) }));
      return at(step.page, tab);
    }
    default:
      return assertNever(step, 'flow step');
  }
}
