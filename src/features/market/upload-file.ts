'use client';

import { SUCCESS_CODE } from '@/contract/limits';
import type { Kind } from '@/contract/market';
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
  checks: { level: 'pass' | 'warn' | 'fail' | 'hold'; key: string; text: string; file: string }[];
};

/** One file to /api/developer/upload through XHR, which (unlike fetch) reports upload progress. */
export function uploadFile(args: {
  file: File;
  type: 'source' | 'image';
  kind: Kind;
  locale: string;
  onProgress: (percent: number) => void;
  fallback: string;
}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/developer/upload');
    xhr.setRequestHeader('lang', args.locale);
    xhr.setRequestHeader('x-client-id', getDeviceId());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) args.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { code?: number; msg?: string; info?: UploadedFile } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (body.code === SUCCESS_CODE && body.info) resolve(body.info);
      else reject(new Error(body.msg || args.fallback));
    };
    xhr.onerror = () => reject(new Error(args.fallback));
    const data = new FormData();
    data.append('file', args.file);
    data.append('type', args.type);
    data.append('kind', args.kind);
    xhr.send(data);
  });
}
