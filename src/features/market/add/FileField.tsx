'use client';

import { Button, Upload, type UploadFile } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { IMAGE_MAX_BYTES, type Kind, PACKAGE_MAX_BYTES } from '@/contract/market';
import { ApiError } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { type Refusal, RefusedPackage } from '../RefusedPackage';
import { type UploadedFile, uploadFile } from '../upload-file';

type Props = {
  type: 'source' | 'image';
  kind: Kind;
  max: number;
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  label: string;
};

const toItem = (f: UploadedFile): UploadFile => ({
  uid: f.key,
  name: f.name,
  status: 'done',
  url: f.url,
  thumbUrl: f.url,
});

/** An upload with progress; each file is checked by the server as soon as it arrives. */
export function FileField({ type, kind, max, value, onChange, label }: Props) {
  const t = useTranslations('market.add');
  const locale = useLocale();
  const toast = useToast();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const list = [...value.map(toItem), ...pending];

  const tm = useTranslations('market');
  // The server checks every file again; this only spares the wait for an upload bound to fail.
  const precheck = (file: File) => {
    if (type === 'source' && !/\.zip$/i.test(file.name)) return tm('report.notZip');
    if (type === 'source' && file.size > PACKAGE_MAX_BYTES)
      return tm('report.tooBig', { max: PACKAGE_MAX_BYTES });
    if (type === 'image' && file.size > IMAGE_MAX_BYTES)
      return tm('upload.imageTooBig', { max: IMAGE_MAX_BYTES });
    return '';
  };

  const send = async (file: File) => {
    const problem = precheck(file);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    setRefusal(null);
    const uid = `${file.name}-${Date.now()}`;
    const item: UploadFile = { uid, name: file.name, status: 'uploading', percent: 0 };
    setPending((p) => [...p, item]);
    try {
      const done = await uploadFile({
        file,
        type,
        kind,
        locale,
        fallback: t('uploadFailed'),
        onProgress: (percent) => setPending((p) => p.map((i) => (i.uid === uid ? { ...i, percent } : i))),
      });
      onChange(max === 1 ? [done] : [...value, done].slice(0, max));
    } catch (error) {
      toast((error as Error).message, 'error');
      // A package refused for its layout comes back with the tree it should have had.
      const info = error instanceof ApiError ? (error.info as { tree?: unknown } | null) : null;
      if (typeof info?.tree === 'string') setRefusal({ message: (error as Error).message, tree: info.tree });
    } finally {
      setPending((p) => p.filter((i) => i.uid !== uid));
    }
  };

  return (
    <>
      <Upload
        accept={type === 'source' ? '.zip,application/zip' : 'image/png,image/jpeg,image/webp,image/gif'}
        listType={type === 'image' ? 'picture-card' : 'text'}
        fileList={list}
        multiple={max > 1}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
        onRemove={(file) => onChange(value.filter((v) => v.key !== file.uid))}
      >
        {list.length >= max && type === 'image' ? null : type === 'image' ? (
          <span>{t('chooseImage')}</span>
        ) : (
          <Button aria-label={label}>{t('chooseZip')}</Button>
        )}
      </Upload>
      {refusal && <RefusedPackage refusal={refusal} />}
    </>
  );
}
