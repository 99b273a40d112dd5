import 'server-only';
/** Where uploaded and published files live: local disk by default, S3-compatible storage when configured. */
export interface FileStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** A stream of the object and its size, or undefined when there is no such key. */
  read(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every key stored (backups walk it). */
  list(): AsyncIterable<string>;
}

const KEY = /^[a-z0-9][a-z0-9_.-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Keys are relative paths we generate; anything else (.., absolute, odd characters) is refused. */
export function assertKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.') || key.length > 300) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}
