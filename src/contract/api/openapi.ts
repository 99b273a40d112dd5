import { FAILURE_CODE, SUCCESS_CODE } from '../limits';
import { LOCALES, type Locale } from '../locales';
import { areaText, byArea, callerText, type DocText, rateLimitText } from './describe';
import { type JsonSchema, jsonSchemaOf, pathParams } from './json-schema';
import type { Method, Operation } from './operation';

type Options = {
  locale: Locale;
  /** Words in `locale`, by key under `apiDocs`. */
  text: DocText;
  /** The session cookie's name (`PRODUCT`, `maccms` by default). */
  cookieName: string;
  version: string;
};

const FORMS = ['multipart/form-data', 'application/x-www-form-urlencoded'];
const REF = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const JSON_TYPES = /^application\/([\w.+-]*\+)?json\b/;

/**
 * The OpenAPI 3.1 document of `ops`, in one language. Schemas come from the operations' zod
 * schemas (JSON Schema 2020-12, OpenAPI 3.1's dialect); a schema's own `$defs` (recursive or named
 * parts) move to `components.schemas` under the operation's id.
 */
export function openApiDocument(ops: readonly Operation[], options: Options) {
  const { text } = options;
  const schemas: Record<string, JsonSchema> = { Failure: failureSchema(text) };
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = byArea(ops).map(([area]) => ({ name: areaText(area, text) }));
  for (const op of ops) {
    paths[op.path] ??= {};
    const item = paths[op.path] as Record<string, unknown>;
    op.methods.forEach((method, index) => {
      const operationId = index === 0 ? op.id : `${op.id}_${method}`;
      item[method.toLowerCase()] = operationOf(op, method, operationId, options, schemas);
    });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: text('documentTitle'),
      version: options.version,
      description: text('documentDescription'),
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags,
    paths,
    components: {
      schemas,
      parameters: {
        lang: {
          name: 'lang',
          in: 'header',
          description: text('header.lang'),
          schema: { type: 'string', enum: [...LOCALES], default: 'zh-cn' },
        },
      },
      headers: rateLimitHeaders(text),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookieName,
          description: text('security.session'),
        },
        token: { type: 'apiKey', in: 'header', name: 'token', description: text('security.token') },
      },
    },
  };
}

function operationOf(
  op: Operation,
  method: Method,
  operationId: string,
  options: Options,
  schemas: Record<string, JsonSchema>,
) {
  const { text } = options;
  const input = hoist(jsonSchemaOf(op.input, 'input'), `${op.id}.input`, schemas);
  const output = hoist(jsonSchemaOf(op.output, 'output'), `${op.id}.output`, schemas);
  const { params, body } = splitPath(op.path, input);
  const parameters: unknown[] = [REF('parameters', 'lang'), ...params];
  let requestBody: unknown;
  if (method === 'GET') parameters.push(...queryParams(body));
  else if (hasFields(body)) {
    const types = ['application/json', ...(op.caller === 'cms' ? FORMS : [])];
    requestBody = {
      required: ((body.required as string[]) ?? []).length > 0,
      content: Object.fromEntries(types.map((type) => [type, { schema: body }])),
    };
  }
  const limits = op.rateLimits ?? [];
  const description = [
    `${text('who')}: ${callerText(op, text)}`,
    ...(limits.length
      ? [
          `${text('rateLimits')}: ${limits.map((rule) => rateLimitText(rule, text)).join('; ')}`,
          text('rateLimitRule'),
        ]
      : []),
  ].join('\n\n');
  return {
    operationId,
    summary: op.summary[options.locale],
    description,
    tags: [areaText(op.area, text)],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    ...securityOf(op),
    responses: responsesOf(op, output, text),
    ...(limits.length ? { 'x-rate-limits': limits } : {}),
  };
}

/** Path parameters take their schema from the input field of the same name, which leaves the body. */
function splitPath(path: string, input: JsonSchema) {
  const names = pathParams(path);
  const props = { ...(input.properties as Record<string, JsonSchema> | undefined) };
  const params = names.map((name) => {
    const schema = props[name] ?? { type: 'string' };
    delete props[name];
    return { name, in: 'path', required: true, schema };
  });
  if (!names.length || !input.properties) return { params, body: input };
  const required = ((input.required as string[]) ?? []).filter((name) => !names.includes(name));
  return { params, body: { ...input, properties: props, required } };
}

const hasFields = (schema: JsonSchema) =>
  !schema.properties ||
  Object.keys(schema.properties as object).length > 0 ||
  Boolean(schema.anyOf ?? schema.oneOf);

/** A GET sends its fields in the query: one parameter per field, or one form-style object. */
function queryParams(body: JsonSchema): unknown[] {
  if (!hasFields(body)) return [];
  const props = body.properties as Record<string, JsonSchema> | undefined;
  if (!props || body.anyOf || body.oneOf || body.allOf)
    return [{ name: 'input', in: 'query', style: 'form', explode: true, schema: body }];
  const required = new Set((body.required as string[]) ?? []);
  return Object.entries(props).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}

function securityOf(op: Operation) {
  if (op.caller === 'user' || op.caller === 'admin') return { security: [{ session: [] }, { token: [] }] };
  if (op.session === 'optional') return { security: [{}, { session: [] }, { token: [] }] };
  return { security: [] };
}

function responsesOf(op: Operation, output: JsonSchema, text: DocText) {
  const limited = Boolean(op.rateLimits?.length);
  const headers = limited
    ? Object.fromEntries(
        ['Policy', 'Limit', 'Remaining', 'Reset'].map((h) => [`RateLimit-${h}`, REF('headers', h)]),
      )
    : undefined;
  const failure = {
    description: text('response.failure'),
    content: { 'application/json': { schema: REF('schemas', 'Failure') } },
  };
  const refusal = { ...failure, headers: { 'Retry-After': REF('headers', 'RetryAfter') } };
  const ok = op.raw
    ? {
        description: op.raw.description,
        content: Object.fromEntries(
          op.raw.contentTypes.map((type) => [
            type,
            { schema: JSON_TYPES.test(type) ? output : { type: 'string', contentMediaType: type } },
          ]),
        ),
      }
    : {
        description: text('response.ok'),
        content: {
          'application/json': {
            schema: {
              anyOf: [
                {
                  type: 'object',
                  required: ['code', 'msg', 'info'],
                  properties: { code: { const: SUCCESS_CODE }, msg: { type: 'string' }, info: output },
                },
                REF('schemas', 'Failure'),
              ],
            },
          },
        },
      };
  return {
    200: {
      ...ok,
      ...(headers
        ? {
            headers:
              op.caller === 'cms' ? { ...headers, 'Retry-After': REF('headers', 'RetryAfter') } : headers,
          }
        : {}),
    },
    ...(op.caller === 'user' || op.caller === 'admin'
      ? { 401: { ...failure, description: text('response.unauthorized') } }
      : {}),
    ...(op.caller === 'admin' ? { 403: { ...failure, description: text('response.forbidden') } } : {}),
    ...(limited && op.caller !== 'cms'
      ? { 429: { ...refusal, description: text('response.rateLimited') } }
      : {}),
    default: failure,
  };
}

function failureSchema(text: DocText): JsonSchema {
  return {
    type: 'object',
    description: text('response.failure'),
    required: ['code', 'msg', 'info'],
    properties: { code: { const: FAILURE_CODE }, msg: { type: 'string' }, info: {} },
  };
}

function rateLimitHeaders(text: DocText) {
  const int = (description: string, type = 'integer') => ({ description, schema: { type } });
  return {
    Policy: int(text('header.policy'), 'string'),
    Limit: int(text('header.limit')),
    Remaining: int(text('header.remaining')),
    Reset: int(text('header.reset')),
    RetryAfter: int(text('header.retryAfter')),
  };
}

/**
 * Moves a schema's `$defs` into `components.schemas` as `<prefix>.<name>` and points its local
 * references there; a reference to the schema itself (`#`, recursion at the root) makes the whole
 * schema a component.
 */
function hoist(schema: JsonSchema, prefix: string, schemas: Record<string, JsonSchema>): JsonSchema {
  const text = JSON.stringify(schema);
  if (!text.includes('"$ref":"#')) return schema;
  const safe = prefix.replace(/[^\w.-]/g, '_');
  const rewritten = JSON.parse(text, (_key, value) => {
    if (value && typeof value === 'object' && typeof value.$ref === 'string') {
      const ref = value.$ref as string;
      if (ref === '#') return { ...value, $ref: `#/components/schemas/${safe}` };
      if (ref.startsWith('#/$defs/'))
        return { ...value, $ref: `#/components/schemas/${safe}.${ref.slice(8).replace(/[^\w.-]/g, '_')}` };
    }
    return value;
  }) as JsonSchema;
  const { $defs, ...rest } = rewritten;
  for (const [name, def] of Object.entries(($defs as Record<string, JsonSchema>) ?? {}))
    schemas[`${safe}.${name.replace(/[^\w.-]/g, '_')}`] = def;
  if (!text.includes('"$ref":"#"')) return rest;
  schemas[safe] = rest;
  return { $ref: `#/components/schemas/${safe}` };
}
