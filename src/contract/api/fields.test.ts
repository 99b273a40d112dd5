import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldsOf } from './fields';
import { jsonSchemaOf } from './json-schema';

type Node = { name: string; children: Node[] };
const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));

/** The reference's rows: what a reader of the API page sees for each field. */
describe('the fields of a schema', () => {
  it('lists nested fields with their types, limits and whether they must be sent', () => {
    const input = z.object({
      id: z.coerce.number().int().min(1),
      page: z.number().int().min(1).default(1),
      name: z.string().trim().max(100).optional(),
      kind: z.enum(['plugin', 'theme']),
      files: z.array(z.instanceof(File)).min(1).max(3),
    });
    expect(fieldsOf(jsonSchemaOf(input, 'input'))).toEqual([
      { name: 'id', type: 'integer', required: true, nullable: false, limits: [{ kind: 'range', min: 1 }] },
      {
        name: 'page',
        type: 'integer',
        required: false,
        nullable: false,
        limits: [
          { kind: 'range', min: 1 },
          { kind: 'default', value: '1' },
        ],
      },
      {
        name: 'name',
        type: 'string',
        required: false,
        nullable: false,
        limits: [{ kind: 'length', max: 100 }],
      },
      { name: 'kind', type: '"plugin" | "theme"', required: true, nullable: false, limits: [] },
      {
        name: 'files',
        type: 'file[]',
        required: true,
        nullable: false,
        limits: [{ kind: 'items', min: 1, max: 3 }],
      },
    ]);
  });

  it('follows arrays of objects, nullable objects, unions and recursion without looping', () => {
    const output = z.object({
      list: z.array(z.object({ id: z.number(), at: z.date().nullable() })),
      root: node.nullable(),
      pick: z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]),
    });
    const rows = fieldsOf(jsonSchemaOf(output, 'output'));
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName['list']).toMatchObject({ type: 'object[]' });
    expect(byName['list[].id']).toMatchObject({ type: 'number', required: true });
    expect(byName['list[].at']).toMatchObject({ nullable: true });
    expect(byName['root']).toMatchObject({ type: 'object', nullable: true });
    expect(byName['root.name']).toMatchObject({ type: 'string' });
    expect(byName['root.children']).toMatchObject({ type: 'object[]' }); // the same shape again: not repeated
    expect(byName['root.children[].name']).toBeUndefined();
    expect(byName['pick.a']).toMatchObject({ required: true });
    expect(byName['pick.b']).toMatchObject({ required: false });
    expect(rows.length).toBeLessThan(30);
  });
});
