import type { ReactNode } from 'react';
import styles from './DataTable.module.css';

type Props = {
  /** Column headings. */
  head: string[];
  /** The table's class when it composes DataTable.module.css's .table with its own padding or variants. */
  className?: string;
  /** The body rows. */
  children: ReactNode;
};

/** A data table that scrolls sideways when too wide: the heading row, then the rows given. */
export function DataTable({ head, className = styles.table, children }: Props) {
  return (
    <div className={styles.wrap}>
      <table className={className}>
        <thead>
          <tr>
            {head.map((heading) => (
              <th key={heading}>{heading}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
