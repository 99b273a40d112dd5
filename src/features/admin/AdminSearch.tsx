import { SearchForm } from '@/features/common/SearchForm';
import styles from '@/features/market/Market.module.css';

type Props = { action: string; status: string; name: string };

/** Search the submissions by name: a plain GET form, so the status filter and the page stay links. */
export function AdminSearch({ action, status, name }: Props) {
  return (
    <SearchForm
      path={action}
      messages="market.admin"
      className={styles.search}
      keep={{ status }}
      name="name"
      maxLength={60}
      defaultValue={name}
    />
  );
}
