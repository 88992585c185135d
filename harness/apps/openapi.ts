import fs from 'node:fs';
import path from 'node:path';

/** A small OpenAPI document (a garden's plants and beds) for the API explorers to render. */

const plant = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'Plant id' },
    name: { type: 'string', description: 'What grows' },
    bed: {
      type: 'object', description: 'Where it grows',
      properties: { name: { type: 'string', description: 'Bed name' }, sun: { type: 'string', enum: ['shade', 'full', 'morning'], description: 'Light the bed gets' } },
    },
    watering: {
      type: 'object', description: 'How it is watered',
      properties: { every: { type: 'string', description: 'How often' }, litres: { type: 'number', description: 'How much' } },
    },
  },
};
const error = { type: 'object', properties: { message: { type: 'string', description: 'What went wrong' } } };

function op(operationId: string, summary: string, tag: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    operationId, summary, tags: [tag],
    responses: {
      200: { description: 'Done', content: { 'application/json': { schema: plant } } },
      404: { description: 'Not found', content: { 'application/json': { schema: error } } },
    },
    ...extra,
  };
}

export const kGardenApi = {
  openapi: '3.0.3',
  info: { title: 'Garden API', version: '1.0.0', description: 'Plants, beds and the work of the week.' },
  tags: [{ name: 'Plants', description: 'What grows in the garden.' }, { name: 'Beds', description: 'Where things grow.' }],
  paths: {
    '/plants': {
      get: op('listPlants', 'List plants', 'Plants', { parameters: [{ name: 'bed', in: 'query', schema: { type: 'string' }, description: 'Only plants of this bed' }] }),
      post: op('addPlant', 'Add a plant', 'Plants', { requestBody: { content: { 'application/json': { schema: plant } } } }),
    },
    '/plants/{id}': {
      get: op('getPlant', 'Get a plant', 'Plants', { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] }),
      delete: op('deletePlant', 'Delete a plant', 'Plants', { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] }),
    },
    '/beds': { get: op('listBeds', 'List beds', 'Beds') },
    '/beds/{name}': { put: op('updateBed', 'Update a bed', 'Beds', { parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }] }) },
  },
};

/** An API explorer's folder: its bundle (by its own file name), this document as `openapi.json`, and the page that loads both. */
export function writeApiExplorer(dir: string, bundle: string, index: string): void {
  fs.copyFileSync(bundle, path.join(dir, path.basename(bundle)));
  fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(kGardenApi));
  fs.writeFileSync(path.join(dir, 'index.html'), index);
}
