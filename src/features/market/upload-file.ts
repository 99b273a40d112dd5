'use client';

import { SUCCESS_CODE } from '@/contract/limits';
import type { Kind } from '@/contract/market';
import { ApiError } from '@/features/api/client';
import { getDeviceId } from '@/features/api/device';

export type UploadedFile = {
  key: string;
  url: string;
  name: string;
  size?: number;
  report?: Report | null;
};
export type Report = {
  ok: boolean;
  held: boolean;
  checks: {
    level: 'pass' | 'warn' | 'fail' | 'hold';
    key: string;
    text: string;
    file: string;
    /** Scan findings: where the reviewer can see it (absent in reports stored before evidence). */
    line?: number;
    snippet?: string;
  }[];
};

/** One file to /api/developer/upload, so the page can show its progress. */
export async function uploadFile(args: {
  file: File;
  type: 'source' | 'image';
  kind: Kind;
  locale: string;
  onProgress: (percent: number) => void;
  fallback: string;
}): Promise<UploadedFile> {
  const data = new FormData();
  data.append('file', args.file);
  data.append('type', args.type);
  data.append('kind', args.kind);
  return (await sendForm<UploadedFile>({ ...args, path: '/api/developer/upload', data })).info;
}

/**
 * A multipart POST through XHR, which (unlike fetch) reports upload progress. Resolves the envelope
 * when code is 1; otherwise rejects with an ApiError holding the server's msg and info.
 */
export function sendForm<T>(args: {
  path: string;
  data: FormData;
  locale: string;
  onProgress: (percent: number) => void;
  fallback: string;
}): Promise<{ info: T; msg: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', args.path);
    xhr.setRequestHeader('lang', args.locale);
    xhr.setRequestHeader('x-client-id', getDeviceId());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) args.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { code?: number; msg?: string; info?: T } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (body.code === SUCCESS_CODE && body.info !== undefined)
        resolve({ info: body.info, msg: body.msg ?? '' });
      else reject(new ApiError(body.msg || args.fallback, xhr.status, body.code ?? null, body.info ?? null));
    };
    xhr.onerror = () => reject(new ApiError(args.fallback, 0));
    xhr.send(args.data);
  });
}
