import type { Report } from '@/contract/developer-output';
import { VERSION_MAX, VERSION_PATTERN } from '@/contract/market';

type Info = NonNullable<Report['info']>;
/** The add form's fields a package's info.ini also states. */
export const INI_FIELDS = ['name', 'describe', 'version'] as const;
export type IniField = (typeof INI_FIELDS)[number];

/** What info.ini says for each of those fields, where it says something the form can take. */
export function iniValues(info: Info): Partial<Record<IniField, string>> {
  const values: Partial<Record<IniField, string>> = {};
  if (info.name) values.name = info.name.slice(0, 40);
  if (info.intro) values.describe = info.intro.slice(0, 2000);
  if (info.version && info.version.length <= VERSION_MAX && VERSION_PATTERN.test(info.version))
    values.version = info.version;
  return values;
}

/** The fields left empty that info.ini can fill: the developer's own words are never replaced. */
export function emptyFieldsFromIni(info: Info, current: (field: IniField) => unknown) {
  return Object.fromEntries(
    Object.entries(iniValues(info)).filter(([field]) => !String(current(field as IniField) ?? '').trim()),
  ) as Partial<Record<IniField, string>>;
}

/** Where what the developer typed differs from what info.ini states (a warning, not a refusal). */
export function iniMismatches(
  info: Info,
  typed: Partial<Record<IniField, unknown>>,
  fields: readonly IniField[],
): { field: IniField; typed: string; stated: string }[] {
  const stated = { name: info.name, describe: info.intro, version: info.version };
  return fields.flatMap((field) => {
    const mine = String(typed[field] ?? '').trim();
    const theirs = stated[field].trim();
    return mine && theirs && mine !== theirs ? [{ field, typed: mine, stated: theirs }] : [];
  });
}
