import type { ReactNode } from 'react';

type Props = {
  rows: [label: string, value: ReactNode][];
  className?: string;
  /** Each pair's wrapper takes no box (`display: contents`): the list's own grid lays out dt and dd. */
  flat?: boolean;
};

/** Labels and their values as a description list, each pair in a `div`. */
export function FactList({ rows, className, flat }: Props) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label} style={flat ? { display: 'contents' } : undefined}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
