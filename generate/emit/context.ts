import type { ModelEdge, ModelPage, PageModel } from '../../core/schema/page-model.ts';
import type { Names, PageNames } from '../names/assign.ts';

/** What generated code imports brow-use's test helpers from: the package export, never a path into an install or checkout. */
export const kTestHelperModule = 'brow-use/test';

/** Lookups every emitter needs: pages, names and confident edges by id. */
export interface EmitContext {
  model: PageModel;
  names: Names;
  page(id: string): ModelPage;
  pageNames(id: string): PageNames;
  /** The page an interaction reliably leads to (edge confidence high or medium), or null. */
  next(page: string, interaction: string): ModelEdge | null;
}

export function emitContext(model: PageModel, names: Names): EmitContext {
  const pages = new Map(model.pages.map((p) => [p.id, p]));
  const edges = new Map(model.edges.map((e) => [`${e.from}\n${e.interaction}`, e]));
  return {
    model,
    names,
    page: (id) => {
      const page = pages.get(id);
      if (!page) throw new Error(`page model has no page ${id}`);
      return page;
    },
    pageNames: (id) => {
      const found = names.pages.get(id);
      if (!found) throw new Error(`no names for page ${id}`);
      return found;
    },
    next: (page, interaction) => {
      const edge = edges.get(`${page}\n${interaction}`);
      return edge && edge.confidence !== 'low' && edge.to !== page ? edge : null;
    },
  };
}
