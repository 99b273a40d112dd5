'use client';

import { developerUpload } from '@/contract/api/developer';
import type { OutputOf } from '@/contract/api/operation';
import type { Uploaded } from '@/contract/developer-output';
import { SUCCESS_CODE } from '@/contract/limits';
import type { Kind } from '@/contract/market';
import { ApiError } from '@/features/api/client';
import { getDeviceId } from '@/features/api/device';

/** A file of the add form: one just uploaded, or one of the version being edited (no size, no report). */
export type UploadedFile = Pick<Uploaded, 'key' | 'url' | 'name'> &
  Partial<Pick<Uploaded, 'size' | 'report'>>;

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
  return (await sendForm<OutputOf<typeof developerUpload>>({ ...args, path: developerUpload.path, data }))
    .info;
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
