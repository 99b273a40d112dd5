'use client';

import enUs from '@messages/en-us/core.json';
import zhCn from '@messages/zh-cn/core.json';
import zhTw from '@messages/zh-tw/core.json';
import { toLocale } from '@/contract/locales';
import { useChunkReload } from '@/features/layout/chunk-reload';

// Only the core texts: this module is in every page's scripts, and the whole catalogue of three
// languages would weigh more than React itself.
const MESSAGES = { 'zh-cn': zhCn, 'zh-tw': zhTw, 'en-us': enUs };

/** The root layout itself failed: a bare document in the language of the URL. */
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const reloading = useChunkReload(error);
  const first = typeof window === 'undefined' ? '' : window.location.pathname.split('/')[1];
  const locale = toLocale(first);
  const m = MESSAGES[locale];
  const home = locale === 'zh-cn' ? '/' : `/${locale}`;
  return (
    <html lang={locale}>
      <body style={{ fontFamily: 'sans-serif', textAlign: 'center', padding: '15vh 1rem', color: '#1f2328' }}>
        {reloading ? (
          <p style={{ color: '#59636e' }}>{m.common.loading}</p>
        ) : (
          <>
            <h1 style={{ fontSize: 22 }}>{m.error.title}</h1>
            <p style={{ color: '#59636e' }}>{m.error.description}</p>
            <p>
              <button type="button" onClick={reset} style={{ marginRight: 16 }}>
                {m.error.retry}
              </button>
              <a href={home}>{m.common.backHome}</a>
            </p>
          </>
        )}
      </body>
    </html>
  );
}
