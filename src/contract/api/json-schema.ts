import { z } from 'zod';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as zod writes it. */
export type JsonSchema = { [key: string]: unknown };

type Io = 'input' | 'output';
type Internals = { def: { type: string; catchall?: unknown }; bag: { Class?: unknown } };
const BINARY = { type: 'string', format: 'binary', contentEncoding: 'binary' };
const isBlob = (c: unknown) => typeof c === 'function' && (c === Blob || c.prototype instanceof Blob);
const cache: Record<Io, WeakMap<z.ZodType, JsonSchema>> = { input: new WeakMap(), output: new WeakMap() };

/**
 * The JSON Schema of what a client sends (`input`: before transforms and preprocessing) or reads
 * (`output`). What JSON Schema cannot say (a transform's result, a custom check, a date) becomes `{}`
 * rather than an error, and an object answer stays open to extra keys unless it is strict: the
 * server checks answers without stripping them.
 */
export function jsonSchemaOf(schema: z.ZodType, io: Io): JsonSchema {
  const known = cache[io].get(schema);
  if (known) return known;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const { def, bag } = (zodSchema as unknown as { _zod: Internals })._zod;
        // z.instanceof(File): an uploaded file, as OpenAPI writes one.
        if (def.type === 'custom' && isBlob(bag.Class)) Object.assign(jsonSchema, BINARY);
        if (io === 'output' && def.type === 'object' && !def.catchall) delete jsonSchema.additionalProperties;
        // z.number().int() says "a safe integer": true of every JSON number a client will see.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    }) as JsonSchema;
  } catch {
    json = {}; // a schema zod cannot walk at all: documented as "anything" instead of failing the page
  }
  delete json.$schema;
  cache[io].set(schema, json);
  return json;
}

/** The schema a `$ref` inside `root` points at (`#`, `#/$defs/name`), if it is local. */
export function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref === '#') return root;
  const name = ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined;
  return name ? ((root.$defs as Record<string, JsonSchema> | undefined)?.[name] ?? undefined) : undefined;
}

/** The names of an operation path's parameters: `/yapi/{product}/isfake` → `['product']`. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
