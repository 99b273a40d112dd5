import { type JsonSchema, resolveRef } from './json-schema';

/** A rule on one field, for the reference's "limits" column. */
export type Limit =
  | { kind: 'length' | 'range' | 'items'; min?: number; max?: number }
  | { kind: 'pattern' | 'default' | 'format'; value: string };

/** One row of the reference: a field of the input or of `info`, nested names joined (`list[].id`). */
export type Field = {
  name: string;
  type: string;
  required: boolean;
  nullable: boolean;
  limits: Limit[];
  description?: string;
};

type Walk = { root: JsonSchema; seen: Set<JsonSchema>; depth: number; maxDepth: number };

const asSchema = (value: unknown): JsonSchema =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : {};

function deref(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let s = schema;
  for (let hops = 0; typeof s.$ref === 'string' && hops < 10; hops++) s = resolveRef(root, s.$ref) ?? {};
  return s;
}

const variantsOf = (s: JsonSchema) => (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
const isNull = (s: JsonSchema) => s.type === 'null' || (s.const === null && !('type' in s));

/** A schema without its `null` alternative, and whether it had one. */
function nonNull(schema: JsonSchema, root: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const s = deref(schema, root);
  const variants = variantsOf(s)?.map((v) => deref(v, root));
  if (variants?.some(isNull)) {
    const rest = variants.filter((v) => !isNull(v));
    return { schema: rest.length === 1 ? (rest[0] as JsonSchema) : { anyOf: rest }, nullable: true };
  }
  if (Array.isArray(s.type) && s.type.includes('null'))
    return { schema: { ...s, type: s.type.filter((t) => t !== 'null') }, nullable: true };
  return { schema: s, nullable: false };
}

/** A short type name: `string`, `integer[]`, `"a" | "b"`, `file`, `any`. */
export function typeLabel(schema: JsonSchema, root: JsonSchema, depth = 0): string {
  const s = deref(schema, root);
  if (depth > 4) return 'any';
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = variantsOf(s);
  if (variants) {
    const labels = [...new Set(variants.map((v) => typeLabel(v, root, depth + 1)))];
    return labels.join(' | ');
  }
  const types = [s.type].flat().filter(Boolean) as string[];
  if (types.length > 1) return types.join(' | ');
  switch (types[0]) {
    case 'array': {
      const item = typeLabel(asSchema(s.items), root, depth + 1);
      return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    }
    case 'string':
      return s.format === 'binary' || s.contentEncoding === 'binary' ? 'file' : 'string';
    case undefined:
      return s.properties || s.allOf ? 'object' : s.not ? 'never' : 'any';
    default:
      return types[0];
  }
}

function limitsOf(s: JsonSchema): Limit[] {
  const out: Limit[] = [];
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const range = (kind: 'length' | 'range' | 'items', min: unknown, max: unknown) => {
    if (num(min) !== undefined || num(max) !== undefined) out.push({ kind, min: num(min), max: num(max) });
  };
  range('length', s.minLength, s.maxLength);
  range('range', s.minimum ?? s.exclusiveMinimum, s.maximum ?? s.exclusiveMaximum);
  range('items', s.minItems, s.maxItems);
  if (typeof s.format === 'string' && s.format !== 'binary') out.push({ kind: 'format', value: s.format });
  if (typeof s.pattern === 'string') out.push({ kind: 'pattern', value: s.pattern });
  if (s.default !== undefined) out.push({ kind: 'default', value: JSON.stringify(s.default) });
  return out;
}

/** The properties of an object schema; a union of objects offers all its variants' properties. */
function propertiesOf(
  schema: JsonSchema,
  root: JsonSchema,
): { props: [string, JsonSchema][]; required: Set<string> } {
  const s = deref(schema, root);
  const parts = [s, ...((s.allOf as JsonSchema[]) ?? []).map((p) => deref(p, root))];
  const props = new Map<string, JsonSchema>();
  const required = new Set<string>();
  for (const part of parts) {
    for (const [name, prop] of Object.entries(asSchema(part.properties))) props.set(name, asSchema(prop));
    for (const name of (part.required as string[]) ?? []) required.add(name);
  }
  const variants = variantsOf(s)?.map((v) => propertiesOf(v, root));
  if (variants?.length) {
    for (const v of variants) for (const [name, prop] of v.props) if (!props.has(name)) props.set(name, prop);
    for (const name of variants[0]?.required ?? [])
      if (variants.every((v) => v.required.has(name))) required.add(name);
  }
  return { props: [...props], required };
}

function walk(schema: JsonSchema, prefix: string, w: Walk): Field[] {
  const s = deref(schema, w.root);
  if (w.seen.has(s) || w.depth > w.maxDepth) return [];
  const seen = new Set(w.seen).add(s);
  const { props, required } = propertiesOf(s, w.root);
  return props.flatMap(([name, prop]) => {
    const { schema: inner, nullable } = nonNull(prop, w.root);
    const field: Field = {
      name: `${prefix}${name}`,
      type: typeLabel(inner, w.root),
      // A field with a default may be left out, whatever the schema says after the default.
      required: required.has(name) && inner.default === undefined,
      nullable,
      limits: limitsOf(inner),
      description: typeof inner.description === 'string' ? inner.description : undefined,
    };
    const next = { ...w, seen, depth: w.depth + 1 };
    const items = inner.type === 'array' ? nonNull(asSchema(inner.items), w.root).schema : undefined;
    const children = items ? walk(items, `${field.name}[].`, next) : walk(inner, `${field.name}.`, next);
    return [field, ...children];
  });
}

/** The rows of an input or answer schema, nested objects and arrays of objects included. */
export function fieldsOf(root: JsonSchema, maxDepth = 4): Field[] {
  return walk(root, '', { root, seen: new Set(), depth: 0, maxDepth });
}
