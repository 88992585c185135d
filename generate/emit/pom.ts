import type { ClassDeclaration, Project, SourceFile } from 'ts-morph';
import { isFieldTag } from '../../core/act/type-into.ts';
import { assertNever } from '../../core/errors.ts';
import type { FieldControl, Interaction, ModelCollection, ModelElement, ModelPage } from '../../core/schema/page-model.ts';
import { patternRegexSource } from '../model/url-pattern.ts';
import { showsItemKey, showsItemText } from '../names/derive.ts';
import { isVisibleName, unnamedCaption } from '../names/element-marks.ts';
import { headingExpression, uniqueness } from './code.ts';
import { hashRoutes, pageIdentity, type PageIdentity } from './page-identity.ts';
import { editorFill } from './editor-fill.ts';
import { keyCode } from './key-code.ts';
import type { EmitContext } from './context.ts';
import { stampProvenance } from './provenance.ts';
import { commentText, createSource, printSource, regexLiteral } from './source.ts';
import { locatorExpression, str } from '../../core/locator/model-code.ts';

/**
 * `pom/<Name>Page.ts`: one class per page. Locators are read-only getters (one generated unit
 * each, so a person can edit one without losing the rest), one method per observed interaction,
 * navigation methods return the next page object when the edge is confident.
 */

const kFieldCall: Record<FieldControl, (param: string) => string> = {
  fill: (p) => `fill(${p})`,
  append: (p) => `pressSequentially(${p})`,
  select: (p) => `selectOption(${p})`,
  check: () => 'check()',
  setChecked: (p) => `setChecked(${p})`,
  upload: (p) => `setInputFiles(${p})`,
};

const kFieldType: Record<FieldControl, string> = { fill: 'string', append: 'string', select: 'string', check: '', setChecked: 'boolean', upload: 'string' };

/** What a member's doc says of its locator when it is not known to find exactly one element. */
const kCaveats: Record<ReturnType<typeof uniqueness>, (matches: number | null) => string> = {
  unique: () => '',
  unchecked: () => ' Not checked for look-alikes: no recorded snapshot could count it.',
  'not found': () => ' Not found in the recorded snapshots of the page.',
  several: (matches) => ` Not unique: matched ${matches} elements in the recorded snapshots.`,
};

function describeElement(element: ModelElement): string {
  const what = element.role ?? 'element';
  const name = element.column ? `${what} in the “${element.column}” column`
    : isVisibleName(element.name) ? `“${element.name}” ${what}` : unnamedCaption(what, element.fingerprint, element.title, element.testId);
  const where = element.landmark ? ` in the ${element.landmark}` : '';
  return `The ${name}${where}.${caveatOf(element)}`;
}

function caveatOf(element: ModelElement): string {
  return kCaveats[uniqueness(element.locator)](element.locator.matches);
}

export function emitPageObject(project: Project, ctx: EmitContext, page: ModelPage): { file: string; text: string } {
  const names = ctx.pageNames(page.id);
  const file = `pom/${names.className}.ts`;
  const source = createSource(project, `/gen/${file}`);
  const imports = new Set<string>();
  const identity = pageIdentity(page, ctx.model);
  const cls = source.addClass({
    name: names.className,
    isExported: true,
    docs: [{ description: commentText(`${names.purpose}\n\nURL pattern \`${page.urlPattern}\`.`) }],
  });
  cls.addProperty({
    name: 'urlPattern',
    isStatic: true,
    isReadonly: true,
    initializer: regexLiteral(patternRegexSource(page.urlPattern, new URL(ctx.model.baseUrl).pathname, { query: identity.query, hashRoutes: hashRoutes(ctx.model) })),
    docs: ['Matches every URL of this page.'],
  });
  cls.addConstructor({
    parameters: [{ name: 'page', type: 'Page', isReadonly: true }],
    docs: [{ description: 'Wraps a Playwright page that shows (or is about to show) this page.' }],
  });
  const elements = new Map(page.elements.map((e) => [e.id, e]));
  for (const collection of page.collections) addItemAccessor(cls, ctx, page, collection);
  for (const element of page.elements) {
    if (element.collection) continue;
    cls.addGetAccessor({
      name: names.members.get(element.id)!,
      returnType: 'Locator',
      statements: [`return ${locatorExpression(element.locator, 'this.page')};`],
      docs: [commentText(describeElement(element))],
    });
  }
  if (page.stableUrl !== null) {
    cls.addMethod({
      name: 'goto',
      isAsync: true,
      returnType: 'Promise<void>',
      statements: [`await this.page.goto(${str(page.stableUrl)});`],
      docs: [commentText(`Opens the page at \`${page.stableUrl}\` (relative to the base URL).`)],
    });
  }
  addExpectLoaded(cls, page, names.className, identity);
  for (const interaction of page.interactions) addInteraction(cls, ctx, page, interaction, elements, imports);
  for (const collection of page.collections) addItemClass(source, ctx, page, collection);
  const importsFromPages = [...imports].sort();
  source.insertImportDeclaration(0, { moduleSpecifier: '@playwright/test', namedImports: ['expect', { name: 'Locator', isTypeOnly: true }, { name: 'Page', isTypeOnly: true }] });
  importsFromPages.forEach((name, i) => source.insertImportDeclaration(i + 1, { moduleSpecifier: `./${name}.ts`, namedImports: [name] }));
  stampProvenance(source);
  return { file, text: printSource(source) };
}

/** The asterisk a label ends with when its field is required (`Username *`): a mark, not the field's name. */
const kRequiredMark = /\s*\*\s*$/;

/** How docs name one item of a collection. */
const kItemWords: Record<string, string> = { listitem: 'list item', row: 'table row', article: 'card', treeitem: 'tree item' };

/** `item(text)`: one item of a collection, found by the text it shows. */
function addItemAccessor(cls: ClassDeclaration, ctx: EmitContext, page: ModelPage, collection: ModelCollection): void {
  const names = ctx.pageNames(page.id).collections.get(collection.id)!;
  const what = kItemWords[collection.role] ?? 'item';
  const list = collection.scope ? locatorExpression(collection.scope, 'this.page') : 'this.page';
  const filter = collection.exactKey ? '{ has: this.page.getByText(text, { exact: true }) }' : '{ hasText: text }';
  const shows = collection.exactKey ? 'an element showing exactly `text`' : 'text containing `text`';
  cls.addMethod({
    name: names.accessor,
    parameters: [{ name: 'text', type: 'string' }],
    returnType: names.className,
    statements: [`return new ${names.className}(${list}.getByRole(${str(collection.role)}).filter(${filter})${keyedMembers(page, collection) ? ', text' : ''});`],
    docs: [`The ${what} with ${shows} (e.g. “${collection.example.replace(/\*\//g, '*')}”); ${collection.observed} side by side when recorded, more as data grows.`],
  });
}

/** Whether a member of the collection is the element showing its item's key (found by the item's text). */
function keyedMembers(page: ModelPage, collection: ModelCollection): boolean {
  return page.elements.some((element) => element.collection === collection.id && element.locator.key === true);
}

/** The class of one item: its controls, found inside the item only. */
function addItemClass(source: SourceFile, ctx: EmitContext, page: ModelPage, collection: ModelCollection): void {
  const names = ctx.pageNames(page.id).collections.get(collection.id)!;
  const what = kItemWords[collection.role] ?? 'item';
  const itemClass = source.addClass({
    name: names.className,
    isExported: true,
    docs: [{ description: `One ${what} on {@link ${ctx.pageNames(page.id).className}}: every member is looked up inside it.` }],
  });
  const keyed = keyedMembers(page, collection);
  itemClass.addConstructor({
    parameters: [{ name: 'root', type: 'Locator', isReadonly: true }, ...(keyed ? [{ name: 'text', type: 'string', isReadonly: true }] : [])],
    docs: [{ description: keyed ? `Wraps the locator of one ${what} and the text it was found by.` : `Wraps the locator of one ${what}.` }],
  });
  for (const element of page.elements) {
    if (element.collection !== collection.id) continue;
    itemClass.addGetAccessor({
      name: names.members.get(element.id)!,
      returnType: 'Locator',
      statements: [`return ${locatorExpression(element.locator, 'this.root', 'this.text')};`],
      docs: [commentText(showsItemKey(element, collection)
        ? `The ${showsItemText(element, collection) ? 'text' : element.role ?? 'element'} this ${what} is found by (“${collection.example}” when recorded).${caveatOf(element)}`
        : describeElement(element).replace(/\.$/, ` in this ${what}.`))],
    });
  }
}

/**
 * `expectLoaded()`: what identifies the page, so a release that translates or renames the site
 * still passes: its path (and the query values that tell it from the other pages at its path),
 * its main heading, else its main landmark; its title only where the recording shows it is what
 * tells the page from another at its path (see page-identity.ts).
 */
function addExpectLoaded(cls: ClassDeclaration, page: ModelPage, className: string, identity: PageIdentity): void {
  const checks = [`await expect(this.page).toHaveURL(${className}.urlPattern);`];
  let what = identity.query.length ? `its URL (${identity.query.map((part) => `\`${part}\``).join(', ')} in its query)` : 'its URL';
  if (page.heading) {
    checks.push(`await expect(${headingExpression(page.heading, 'this.page')}).toBeVisible();`);
    what += ` and its heading “${page.heading.text}”`;
  } else {
    const landmark = page.landmarks.find((l) => l.role === 'main') ?? page.landmarks[0];
    if (landmark) {
      const options = landmark.name ? `, { name: ${str(landmark.name)} }` : '';
      checks.push(`await expect(this.page.getByRole(${str(landmark.role)}${options}).first()).toBeAttached();`);
      what += ` and its ${landmark.role} landmark`;
    }
  }
  if (identity.title) {
    checks.push(`await expect(this.page).toHaveTitle(${identity.title});`);
    what += ' and its title, which alone tells it from another page at its path';
  }
  cls.addMethod({ name: 'expectLoaded', isAsync: true, returnType: 'Promise<void>', statements: checks, docs: [commentText(`Asserts the page is shown: ${what}.`)] });
}

function addInteraction(
  cls: ClassDeclaration, ctx: EmitContext, page: ModelPage, interaction: Interaction,
  elements: Map<string, ModelElement>, imports: Set<string>,
): void {
  const names = ctx.pageNames(page.id);
  const method = names.methods.get(interaction.id)!;
  const member = (id: string) => {
    const collection = elements.get(id)!.collection;
    if (!collection) return `this.${names.members.get(id)!}`;
    const item = names.collections.get(collection)!;
    return `this.${item.accessor}(${method.item ?? item.accessor}).${item.members.get(id)!}`;
  };
  // What a reader would call the element; its tag means nothing to them.
  const label = (id: string) => {
    const e = elements.get(id)!;
    // In a row, a name that is one record's data says less than the column it sits in.
    if (e.column) return `the ${e.role ?? 'element'} in the “${e.column}” column`;
    const collection = page.collections.find((c) => c.id === e.collection);
    if (showsItemKey(e, collection)) return showsItemText(e, collection) ? 'the text' : `the ${e.role ?? 'element'}`;
    // A test id is no name a reader sees: an element without one is described as its member is.
    const text = [e.label?.replace(kRequiredMark, ''), e.name, e.placeholder, e.title].find(isVisibleName);
    return text ? `“${text}”` : `the ${unnamedCaption(e.role ?? 'element', e.fingerprint, e.title, e.testId)}`;
  };
  // A rich-text editor (a `contenteditable` region) rather than a form field.
  const isEditor = (id: string) => !isFieldTag(elements.get(id)!.tag);
  const statements: string[] = [];
  const parameters: { name: string; type: string }[] = method.item ? [{ name: method.item, type: 'string' }] : [];
  let description: string;
  switch (interaction.kind) {
    case 'form':
      interaction.fields.forEach((field, i) => {
        const param = method.params[i]!;
        if (param) parameters.push({ name: param, type: kFieldType[field.control] });
        const editor = field.control === 'fill' && isEditor(field.element);
        // Appended as capture appended it: the caret to the end first (of an editor's whole text too), then key by key.
        if (field.control === 'append') statements.push(`await ${member(field.element)}.press('ControlOrMeta+End');`);
        statements.push(editor ? editorFill(member(field.element), param) : `await ${member(field.element)}.${kFieldCall[field.control](param)};`);
      });
      description = `Fills ${interaction.fields.map((f) => label(f.element)).join(', ')}.`;
      break;
    case 'click':
      statements.push(`await ${member(interaction.element)}.click();`);
      description = `Clicks ${label(interaction.element)}.`;
      break;
    case 'hover':
      statements.push(`await ${member(interaction.element)}.hover();`);
      description = `Hovers over ${label(interaction.element)}.`;
      break;
    case 'press': {
      // Keys after typing into an editor go where the focus is, in it: its member may find it by a
      // name it has no longer (a block that renames itself once it holds text).
      const on = interaction.element;
      const keys = keyCode(interaction.keys, on ? { member: isEditor(on) ? null : member(on), label: label(on) } : null);
      statements.push(...keys.statements);
      description = keys.description;
      break;
    }
    default:
      return assertNever(interaction, 'interaction');
  }
  const collection = interaction.collection ? page.collections.find((c) => c.id === interaction.collection) : null;
  if (collection) description = `${description.slice(0, -1)} in the ${kItemWords[collection.role] ?? 'item'} showing \`${method.item}\`.`;
  const edge = ctx.next(page.id, interaction.id);
  let returnType = 'Promise<void>';
  if (edge) {
    const target = ctx.pageNames(edge.to).className;
    if (target !== names.className) imports.add(target);
    statements.push(`const next = new ${target}(this.page);`, 'await next.expectLoaded();', 'return next;');
    returnType = `Promise<${target}>`;
    description += ` Leads to {@link ${target}} (${edge.arrived} of ${edge.observed} recorded times).`;
  }
  cls.addMethod({ name: method.name, isAsync: true, parameters, returnType, statements, docs: [commentText(description)] });
}
