/** A small OpenAPI document (a garden's plants, beds and pests) for the API explorers to render. */

const plant = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'Plant id' },
    name: { type: 'string', description: 'What grows' },
    bed: { type: 'string', description: 'Where it grows' },
    water: { type: 'string', enum: ['daily', 'weekly'], description: 'How often it is watered' },
  },
};
const error = { type: 'object', properties: { message: { type: 'string', description: 'What went wrong' } } };
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };

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
  info: { title: 'Garden API', version: '1.0.0', description: 'Plants, beds and the pests that eat them.' },
  tags: [{ name: 'Plants', description: 'What grows in the garden.' }, { name: 'Pests', description: 'What eats it.' }],
  paths: {
    '/plants': {
      get: op('listPlants', 'List plants', 'Plants', { parameters: [{ name: 'water', in: 'query', schema: { type: 'string', enum: ['daily', 'weekly'] } }] }),
      post: op('addPlant', 'Add a plant', 'Plants', { requestBody: { content: { 'application/json': { schema: plant } } } }),
    },
    '/plants/{id}': {
      get: op('getPlant', 'Get a plant', 'Plants', { parameters: [id] }),
      delete: op('deletePlant', 'Delete a plant', 'Plants', { parameters: [id] }),
    },
    '/pests': { get: op('listPests', 'List pests', 'Pests') },
  },
};
