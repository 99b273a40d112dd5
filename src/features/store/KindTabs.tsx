'use client';

import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import styles from './Store.module.css';

type Tab = { key: string; label: string; panel: ReactNode };

/**
 * Plugin and theme tabs of /market. Both panels are in the page (search engines and readers without
 * scripts see both); `#theme` in the address opens the second one.
 */
export function KindTabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.key ?? '');
  useEffect(() => {
    const wanted = window.location.hash.slice(1);
    if (tabs.some((t) => t.key === wanted)) setActive(wanted);
  }, [tabs]);
  const choose = (key: string) => {
    setActive(key);
    window.history.replaceState(null, '', `#${key}`);
  };
  const onKey = (e: KeyboardEvent, index: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = tabs[(index + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    choose(next.key);
    document.getElementById(`tab-${next.key}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            id={`tab-${tab.key}`}
            type="button"
            role="tab"
            aria-selected={active === tab.key}
            aria-controls={`panel-${tab.key}`}
            tabIndex={active === tab.key ? 0 : -1}
            onClick={() => choose(tab.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          id={`panel-${tab.key}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.key}`}
          hidden={active !== tab.key}
        >
          {tab.panel}
        </div>
      ))}
    </>
  );
}
