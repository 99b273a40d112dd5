import styles from './SearchField.module.css';

type Props = {
  name: string;
  /** Read by screen readers; the placeholder is no label. */
  label: string;
  maxLength: number;
  placeholder?: string;
  defaultValue?: string;
  id?: string;
  /** The label's class; without one the label adds no box, so the input sits in its form's layout. */
  className?: string;
};

/** A search input with its label, as every search form of the site has one. */
export function SearchField({ name, label, maxLength, placeholder, defaultValue, id, className }: Props) {
  return (
    <label className={className ?? styles.bare}>
      <span className="sr-only">{label}</span>
      <input
        id={id}
        type="search"
        name={name}
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </label>
  );
}
