'use client';

import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import styles from './Toast.module.css';

type Kind = 'info' | 'success' | 'warning' | 'error';
type Item = { id: number; text: string; kind: Kind };
type Show = (text: string, kind?: Kind) => void;

const ToastContext = createContext<Show>(() => {});

/** Short messages at the top of the page (success, failure, "Coming soon"), read out by screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Item[]>([]);
  const next = useRef(0);
  const show = useCallback<Show>((text, kind = 'info') => {
    next.current += 1;
    const id = next.current;
    setItems((list) => [...list.filter((i) => i.text !== text), { id, text, kind }]);
    setTimeout(() => setItems((list) => list.filter((i) => i.id !== id)), 3000);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className={styles.region} role="status" aria-live="polite">
        {items.map((item) => (
          <p key={item.id} className={`${styles.toast} ${styles[item.kind]}`}>
            {item.text}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
