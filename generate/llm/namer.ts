import type { PageModel } from '../../core/schema/page-model.ts';
import type { NameProposals, Names } from '../names/assign.ts';

/**
 * The seam between the pure generator and a language model: a Namer looks at the page model and
 * the derived names and proposes better names and doc prose. Proposals are sanitized and
 * de-duplicated by `assignNames`, never used raw.
 */
export interface Namer {
  readonly kind: 'off' | 'llm';
  propose(model: PageModel, derived: Names): Promise<NameProposals | null>;
}

export const kNoNamer: Namer = { kind: 'off', propose: async () => null };

/** What the model sees: the pages, their elements and interactions, with the derived names. */
export function namingRequest(model: PageModel, derived: Names) {
  return {
    pages: model.pages.map((page) => {
      const names = derived.pages.get(page.id)!;
      return {
        id: page.id,
        derivedName: names.className.replace(/Page$/, ''),
        urlPattern: page.urlPattern,
        titles: page.titles.slice(0, 3),
        heading: page.heading?.text ?? null,
        landmarks: page.landmarks.map((l) => (l.name ? `${l.role} "${l.name}"` : l.role)),
        elements: page.elements.map((e) => ({ id: e.id, role: e.role, name: e.name, label: e.label, derivedName: e.collection ? names.collections.get(e.collection)!.members.get(e.id)! : names.members.get(e.id)! })),
        methods: page.interactions.map((i) => {
          const method = names.methods.get(i.id)!;
          const leadsTo = model.edges.find((e) => e.from === page.id && e.interaction === i.id)?.to ?? null;
          return { id: i.id, kind: i.kind, derivedName: method.name, derivedParams: method.params.filter(Boolean), leadsTo };
        }),
      };
    }),
    flows: model.flows.map((flow) => ({
      sessionId: flow.sessionId,
      derivedName: derived.flows.get(flow.sessionId)!.functionName,
      steps: flow.steps.map((s) => (s.kind === 'interact' ? `${s.page}: ${s.interaction}` : `${s.kind} ${s.page}`)),
    })),
  };
}

export const kNamingInstructions = [
  'You name the parts of a Playwright page object model generated from recorded browser runs.',
  'For every page, element, method and flow in the input, answer a name (or null to keep the derived one) using its id.',
  'Page names are PascalCase nouns without the word Page (Login, ItemDetail). Element members are camelCase and end',
  'with the kind of control (signInButton, emailInput). Methods are camelCase verbs (fillLoginForm, openItems, signIn),',
  'params are camelCase, one per derived param. Flows are camelCase verb phrases (signInAndCreateItem).',
  'Purposes and descriptions are one or two plain sentences for a developer reading the docs.',
].join(' ');
