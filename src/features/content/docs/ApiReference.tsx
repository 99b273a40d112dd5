import { getLocale, getTranslations } from 'next-intl/server';
import { OPERATIONS } from '@/contract/api';
import {
  areaText,
  byArea,
  callerText,
  type DocText,
  limitText,
  rateLimitText,
} from '@/contract/api/describe';
import { type Field, fieldsOf } from '@/contract/api/fields';
import { jsonSchemaOf, pathParams } from '@/contract/api/json-schema';
import type { Operation } from '@/contract/api/operation';
import { toLocale } from '@/contract/locales';
import { keyText } from '@/i18n/keys';
import styles from './ApiReference.module.css';

export const OPENAPI_PATH = '/api/openapi.json';
const areaId = (area: string) => `area-${area}`;

async function docText(): Promise<DocText> {
  const t = await getTranslations('apiDocs');
  return (key, values) => keyText(t, key, values);
}

/** The table of contents' entries for the reference: one per area. */
export async function apiReferenceHeadings() {
  const text = await docText();
  return byArea(OPERATIONS).map(([area]) => ({ id: areaId(area), text: areaText(area, text), depth: 2 }));
}

/** Every operation of the registry, one section per area, with the link to the OpenAPI document. */
export async function ApiReference() {
  const text = await docText();
  const locale = toLocale(await getLocale());
  return (
    <div className={styles.reference}>
      <p className={styles.openapi}>
        <a href={`${OPENAPI_PATH}?lang=${locale}`} type="application/json">
          {text('openapi')} <code>{OPENAPI_PATH}</code>
        </a>
        <span>{text('openapiHint')}</span>
      </p>
      <p className={styles.rule}>{text('rateLimitRule')}</p>
      {byArea(OPERATIONS).map(([area, ops]) => (
        <section key={area} aria-labelledby={areaId(area)} className={styles.area}>
          <h2 id={areaId(area)}>
            {areaText(area, text)}{' '}
            <span className={styles.count}>{text('operations', { count: ops.length })}</span>
          </h2>
          {ops.map((op) => (
            <OperationCard key={op.id} op={op} text={text} summary={op.summary[locale]} />
          ))}
        </section>
      ))}
    </div>
  );
}

function OperationCard({ op, text, summary }: { op: Operation; text: DocText; summary: string }) {
  const inPath = new Set(pathParams(op.path));
  const input = fieldsOf(jsonSchemaOf(op.input, 'input'));
  const output = fieldsOf(jsonSchemaOf(op.output, 'output'));
  const limits = op.rateLimits ?? [];
  return (
    <article id={`op-${op.id}`} className={styles.op}>
      <h3 className={styles.opTitle}>
        {op.methods.map((method) => (
          <span key={method} className={styles.method} data-method={method}>
            {method}
          </span>
        ))}
        <code className={styles.path}>{op.path}</code>
      </h3>
      <p className={styles.summary}>{summary}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{text('who')}</dt>
          <dd>{callerText(op, text)}</dd>
        </div>
        <div>
          <dt>{text('answer')}</dt>
          <dd>{op.raw ? text('raw', { types: op.raw.contentTypes.join(', ') }) : text('envelope')}</dd>
        </div>
        <div>
          <dt>{text('rateLimits')}</dt>
          <dd>
            {limits.length
              ? limits.map((rule) => (
                  <span key={rule.name} className={styles.limit}>
                    {rateLimitText(rule, text)}
                  </span>
                ))
              : text('noRateLimits')}
          </dd>
        </div>
      </dl>
      <h4>{text('input')}</h4>
      {input.length ? (
        <FieldTable fields={input} text={text} inPath={inPath} kind="input" />
      ) : (
        <p className={styles.none}>{text('noInput')}</p>
      )}
      <h4>{op.raw ? text('body') : text('info')}</h4>
      {output.length ? (
        <FieldTable fields={output} text={text} inPath={new Set()} kind="output" />
      ) : (
        <p className={styles.none}>{text('noFields')}</p>
      )}
    </article>
  );
}

function FieldTable(props: {
  fields: Field[];
  text: DocText;
  inPath: Set<string>;
  kind: 'input' | 'output';
}) {
  const { fields, text, inPath, kind } = props;
  const head = [
    text('column.field'),
    text('column.type'),
    ...(kind === 'input' ? [text('column.required')] : []),
  ];
  const last = kind === 'input' ? text('column.limits') : text('column.notes');
  return (
    <table className={styles.fields}>
      <thead>
        <tr>
          {[...head, last].map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const notes = [
            ...(inPath.has(field.name) ? [text('pathParam')] : []),
            ...(kind === 'output' && !field.required ? [text('optional')] : []),
            ...(field.nullable ? [text('nullable')] : []),
            ...field.limits.map((limit) => limitText(limit, text)),
          ];
          return (
            <tr key={field.name}>
              <td data-label={head[0]}>
                <code>{field.name}</code>
              </td>
              <td data-label={head[1]}>
                <code className={styles.type}>{field.type}</code>
              </td>
              {kind === 'input' && <td data-label={head[2]}>{field.required ? text('yes') : text('no')}</td>}
              <td data-label={last}>{notes.join('; ')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
