'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DeveloperCenter } from '@/contract/developer-output';
import styles from '../Market.module.css';

type Series = DeveloperCenter['download_score']['series'][number];

/** The width drawn before the chart knows its box (the server's render); then the box's own. */
const DEFAULT_W = 720;
const MIN_W = 280;
const H = 200;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };

const sum = (rows: number[][], days: number) =>
  Array.from({ length: days }, (_, i) => rows.reduce((s, r) => s + (r[i] ?? 0), 0));

/** "Nice" upper bound for the y axis: 1, 2 or 5 times a power of ten. */
function niceMax(n: number) {
  if (n <= 4) return 4;
  const p = 10 ** Math.floor(Math.log10(n));
  return ([1, 2, 5, 10].map((m) => m * p).find((v) => v >= n) ?? n) as number;
}

/** Downloads per day over 30 days, for all items, one item, or one version, with unique devices. */
export function DownloadsChart({ days, series }: { days: string[]; series: Series[] }) {
  const t = useTranslations('market.center');
  const selectId = useId();
  // Drawn at the size it is shown, so its labels stay legible on a phone instead of shrinking.
  const box = useRef<HTMLDivElement>(null);
  const [W, setW] = useState(DEFAULT_W);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setW(Math.max(MIN_W, Math.round(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const [scope, setScope] = useState('all');
  const items = useMemo(() => [...new Map(series.map((s) => [s.id, s.name])).entries()], [series]);
  const picked = series.filter((s) =>
    scope === 'all' ? true : scope.startsWith('v') ? `v${s.version_id}` === scope : `i${s.id}` === scope,
  );
  const downloads = sum(
    picked.map((s) => s.data),
    days.length,
  );
  const unique = sum(
    picked.map((s) => s.unique),
    days.length,
  );
  const top = niceMax(Math.max(0, ...downloads));
  const x = (i: number) => PAD.left + (i / Math.max(1, days.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - v / top) * (H - PAD.top - PAD.bottom);
  const line = (values: number[]) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const total = downloads.reduce((a, b) => a + b, 0);
  const uniqueTotal = unique.reduce((a, b) => a + b, 0);
  const summary = t('chartSummary', { from: days[0] ?? '', to: days.at(-1) ?? '', n: total, u: uniqueTotal });
  return (
    <div className={styles.chart} ref={box}>
      <div className={styles.chartHead}>
        <label htmlFor={selectId}>{t('chartPick')}</label>
        <select id={selectId} value={scope} onChange={(e) => setScope(e.target.value)}>
          <option value="all">{t('chartAll')}</option>
          {items.map(([id, name]) => (
            <optgroup key={id} label={name}>
              <option value={`i${id}`}>{name}</option>
              {series
                .filter((s) => s.id === id)
                .map((s) => (
                  <option key={s.version_id} value={`v${s.version_id}`}>
                    {t('chartVersion', { name, version: s.version || '--' })}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <span className={styles.legend}>
          <i className={styles.legendDownloads} /> {t('chartDownloads')}
          <i className={styles.legendUnique} /> {t('chartUnique')}
        </span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className={styles.chartSvg} role="img" aria-label={summary}>
        {[0, 0.5, 1].map((k) => (
          <g key={k}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(top * k)} y2={y(top * k)} stroke="#e5e8ec" />
            <text x={PAD.left - 6} y={y(top * k) + 4} textAnchor="end" fontSize="11" fill="#59636e">
              {Math.round(top * k)}
            </text>
          </g>
        ))}
        {[0, Math.floor((days.length - 1) / 2), days.length - 1].map((i) => (
          <text
            key={i}
            x={x(i)}
            y={H - 8}
            textAnchor={i ? (i === days.length - 1 ? 'end' : 'middle') : 'start'}
            fontSize="11"
            fill="#59636e"
          >
            {days[i]?.slice(5)}
          </text>
        ))}
        <polyline points={line(unique)} fill="none" stroke="#1a7f37" strokeWidth="2" strokeDasharray="5 4" />
        <polyline points={line(downloads)} fill="none" stroke="#1f6feb" strokeWidth="2.5" />
        {days.map((day, i) => (
          <rect
            key={day}
            x={x(i) - 10}
            y={PAD.top}
            width={20}
            height={H - PAD.top - PAD.bottom}
            fill="transparent"
          >
            <title>{`${day}: ${downloads[i]} / ${unique[i]}`}</title>
          </rect>
        ))}
      </svg>
      <p className={styles.muted}>{summary}</p>
    </div>
  );
}
