/** The session cookie is HttpOnly, so the client remembers only that one may exist (user info is fetched only then). */
const KEY = 'maccms.session';

export function hasSessionFlag(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setSessionFlag(on: boolean) {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // storage disabled: the session still works for this page
  }
}
