import type { FormRule } from 'antd';
import type { z } from 'zod';

type Translate = (key: string) => string;

/**
 * An antd rule from a shared zod object schema: the field's own checks first, then the whole
 * object's (cross-field refinements such as the password confirmation). Messages are translation keys.
 */
export function zodRule<S extends z.ZodObject>(
  schema: S,
  name: keyof S['shape'] & string,
  t: Translate,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      const field = schema.shape[name] as z.ZodType;
      const own = field.safeParse(value ?? '');
      let issue = own.success ? undefined : own.error.issues[0];
      if (!issue) {
        const all = schema.safeParse({ ...getFieldsValue(true), [name]: value ?? '' });
        issue = all.success ? undefined : all.error.issues.find((i) => i.path[0] === name);
      }
      if (issue) throw new Error(t(issue.message));
    },
  });
}
