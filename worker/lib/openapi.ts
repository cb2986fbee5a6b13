// The OpenAPI 3.1 document of the API, generated from the app's routes: each route's endpoint
// (its `input` middleware, contract/) gives the path, summary, inputs and answers, and its
// access rule says who may call (in words in the description, as declared in `x-access`).
// docs/openapi.json is this document (test/worker/contract.test.ts keeps it current); `npm run
// dev` serves it live at /api/openapi.json.
import { z } from 'zod';
import { ACCESS_RULE, type AccessRule, describeAccess } from '../auth/access';
import { apiError, type Endpoint } from '../contract/endpoint';
import { registeredRoutes, taggedOf } from './routes';
import { ENDPOINT } from './validate';

type JsonSchema = { [key: string]: unknown };

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what the client sends or receives. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** The rule as the document states it (`x-access`): what `allow.*` declared, without the context it sets. */
function accessOf(rule: AccessRule): Record<string, unknown> {
  const { school: _context, anyOf, own, ...rest } = rule;
  return { ...rest, ...(own ? { own: own.what } : {}), ...(anyOf ? { anyOf: anyOf.map(accessOf) } : {}) };
}

function operation(endpoint: Endpoint, rule: AccessRule) {
  const params = [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')];
  return {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: `Who may call: ${describeAccess(rule)}.`,
    'x-access': accessOf(rule),
    ...(rule.public ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: json(jsonSchema(endpoint.body, 'input')) } } : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(endpoint.answers ?? {}).map(([status, schema]) => [
          status,
          { description: 'Success.', content: json(jsonSchema(schema, 'output')) },
        ]),
      ),
      ...(endpoint.binary
        ? {
            200: {
              description: 'The stored file.',
              content: {
                [endpoint.binary === 'image' ? 'image/*' : '*/*']: { schema: { type: 'string', format: 'binary' } },
              },
            },
          }
        : {}),
      default: { $ref: '#/components/responses/Error' },
    },
  };
}

export function openApiDocument(app: Parameters<typeof registeredRoutes>[0]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of registeredRoutes(app)) {
    const endpoint = taggedOf<Endpoint>(route, ENDPOINT);
    const rule = taggedOf<AccessRule>(route, ACCESS_RULE);
    if (!endpoint || !rule) continue;
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[endpoint.method] = operation(endpoint, rule);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portail scolaire — API',
      version: '1',
      description:
        'The JSON API of the portal, under /api on the host of a school. Generated from the routes and their ' +
        'contract (worker/contract/); do not edit: `npm run openapi` writes it again. Writes accept an ' +
        'Idempotency-Key header. Every error answers { message, code } with a French message.',
    },
    components: {
      securitySchemes: { session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      responses: {
        Error: { description: 'An error, with its French message.', content: json(jsonSchema(apiError, 'output')) },
      },
    },
    security: [{ session: [] }],
    paths,
  };
}
