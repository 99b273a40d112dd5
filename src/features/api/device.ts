const KEY = 'deviceId';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A dash-less random id made once per browser and kept in localStorage, sent as `x-client-id`. */
export function getDeviceId(): string {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved) return saved;
    const id = randomId();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    return randomId(); // storage disabled: a per-page id still lets the request through
  }
}
