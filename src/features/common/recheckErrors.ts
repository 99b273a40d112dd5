import type { FormInstance } from 'antd';

/**
 * Fields are checked on blur, not while the visitor is still typing; a field that already shows an error is checked again on every
 * change, so the error goes as soon as the value is valid. Call it from the form's onValuesChange.
 */
export function recheckErrors(form: FormInstance, changed: Record<string, unknown>) {
  const names = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
  if (names.length > 0) form.validateFields(names).catch(() => undefined);
}
