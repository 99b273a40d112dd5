'use client';

import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import styles from './Dropdown.module.css';
import { useDismiss } from './useDismiss';

type Props = {
  /** Visible content of the toggle button. */
  trigger: ReactNode;
  /** Accessible name of the toggle when its content is not enough. */
  label?: string;
  className?: string;
  /** The panel; receives `close` so an item can shut it. */
  children: (close: () => void) => ReactNode;
};

/** The class of an entry (button or link) in the panel. */
export const dropdownItem = styles.item;

/** A disclosure menu: opens on click or hover, closes on Escape, an outside click or leaving it. */
export function Dropdown({ trigger, label, className, children }: Props) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  return (
    <div
      ref={ref}
      className={`${styles.root} ${className ?? ''}`}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setOpen(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && close()}
    >
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        onClick={(e) => {
          // A mouse has already opened it by hovering: a click must not close it again.
          const mouse = (e.nativeEvent as PointerEvent).pointerType === 'mouse';
          setOpen((v) => (mouse ? true : !v));
        }}
      >
        {trigger}
        <svg className={styles.chevron} viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div id={id} className={styles.panel} hidden={!open}>
        {children(close)}
      </div>
    </div>
  );
}
