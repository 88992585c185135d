import { z } from 'zod';
import { ActionName } from '../../core/schema/actions.ts';
import { describeIssues } from '../../core/errors.ts';
import type { ActionCall, CallName, SkillName } from '../types.ts';
import click from './click.ts';
import close from './close.ts';
import type { AnyActionDef } from './define.ts';
import type { SkillDef } from './define-skill.ts';
import done from './done.ts';
import dropdownOptions from './dropdown_options.ts';
import extract from './extract.ts';
import goBack from './go_back.ts';
import hover from './hover.ts';
import input from './input.ts';
import navigate from './navigate.ts';
import readFile from './read_file.ts';
import replaceFile from './replace_file.ts';
import screenshot from './screenshot.ts';
import scroll from './scroll.ts';
import search from './search.ts';
import selectDropdown from './select_dropdown.ts';
import askElement from './skills/ask_element.ts';
import download from './skills/download.ts';
import fillForm from './skills/fill_form.ts';
import sendKeys from './send_keys.ts';
import switchTab from './switch.ts';
import uploadFile from './upload_file.ts';
import wait from './wait.ts';
import writeFile from './write_file.ts';
import expectChecked from './expect_checked.ts';
import expectCount from './expect_count.ts';
import expectText from './expect_text.ts';
import expectTitle from './expect_title.ts';
import expectUrl from './expect_url.ts';
import expectValue from './expect_value.ts';

/**
 * The action registry: plain arrays. The model's JSON schema, the prompt's action list and the
 * executor all read them, so they cannot drift apart. Skills are offered to the model like
 * actions and run as recorded actions (capture/actions/define-skill.ts).
 */
export const actions: readonly AnyActionDef[] = [
  navigate, search, goBack, wait, click, input, scroll, sendKeys, hover, switchTab, close, extract,
  screenshot, dropdownOptions, selectDropdown, uploadFile, writeFile, readFile, replaceFile, done,
  expectText, expectUrl, expectTitle, expectValue, expectChecked, expectCount,
];

export const skills: readonly SkillDef[] = [fillForm, download, askElement] as unknown as readonly SkillDef[];

/** What a model can call: name, description and its params (with `index` where it addresses an element). */
export interface ModelCallable {
  name: CallName;
  description: string;
  params: z.ZodObject;
}

export function modelCallables(): readonly ModelCallable[] {
  return [...actions, ...skills];
}

const skillsByName = new Map<SkillName, SkillDef>(skills.map((def) => [def.name, def]));

export function isSkillName(name: string): name is SkillName {
  return skillsByName.has(name as SkillName);
}

export function skillDef(name: SkillName): SkillDef {
  return skillsByName.get(name)!;
}

const byName = new Map<ActionName, AnyActionDef>(actions.map((def) => [def.name, def]));
for (const name of ActionName.options) {
  if (!byName.has(name)) throw new Error(`action ${name} has no module in capture/actions`);
}

export function actionDef(name: ActionName): AnyActionDef {
  return byName.get(name)!;
}

/** What a model answers for one action: `{ "<name>": { ...params } }`. */
export function modelActionSchema(): z.ZodType<Record<string, Record<string, unknown>>> {
  const options = modelCallables().map((def) => z.strictObject({ [def.name]: def.params }).describe(def.description));
  return z.union(options as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]) as unknown as z.ZodType<Record<string, Record<string, unknown>>>;
}

/** JSON schema of one action call, for structured model output and tool lists. */
export function modelActionJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(modelActionSchema()) as Record<string, unknown>;
}

function paramSummary(def: ModelCallable): string {
  const shape = def.params.shape as Record<string, z.ZodType>;
  const names = Object.keys(shape).map((key) => (shape[key]!.safeParse(undefined).success ? `${key}?` : key));
  return names.length ? `{${names.join(', ')}}` : '{}';
}

/** The action list for a prompt: one line per action with its params and description. */
export function actionListText(): string {
  return modelCallables().map((def) => `- ${def.name} ${paramSummary(def)}: ${def.description}`).join('\n');
}

/** Parses a model's `{ "<name>": params }` into an ActionCall (index split out of the params). */
export function actionCallFromModel(value: unknown): ActionCall {
  const parsed = modelActionSchema().safeParse(value);
  if (!parsed.success) throw new Error(`not a valid action: ${describeIssues(parsed.error)}`);
  const [name, params] = Object.entries(parsed.data)[0]!;
  const action: CallName = isSkillName(name) ? name : ActionName.parse(name);
  const { index, target, ...rest } = params as { index?: number; target?: string };
  if (target !== undefined) return { action, params: rest, target };
  return index === undefined ? { action, params: rest } : { action, params: rest, index };
}
