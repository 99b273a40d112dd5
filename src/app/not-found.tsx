/** Paths outside the localized tree (e.g. a missing file): a bare 404 document. */
export default function RootNotFound() {
  return (
    <html lang="zh-CN">
      <body style={{ fontFamily: 'sans-serif', textAlign: 'center', padding: '15vh 1rem' }}>
        <h1>404</h1>
        <p>This page could not be found</p>
        <a href="/">MacCMS Pro</a>
      </body>
    </html>
  );
}
