'use client';

import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, type FormRule, Modal, Upload, type UploadFile } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import {
  FEEDBACK_IMAGE_TYPES,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_VIDEO_TYPES,
  FEEDBACK_VIDEOS_MAX,
  feedbackFieldsSchema,
} from '@/contract/feedback';
import { useKeyText } from '@/i18n/keys';
import styles from './Feedback.module.css';

/** The File objects behind an antd file list (what the schema and the request take). */
export const filesOf = (list: UploadFile[] | undefined): File[] =>
  (list ?? []).map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);

const fromEvent = (e: { fileList: UploadFile[] } | UploadFile[]) => (Array.isArray(e) ? e : e.fileList);

/** Screenshots (previewed as thumbnails) and videos; kept in the browser until the report is sent. */
export function MediaFields() {
  const t = useTranslations('feedback.page');
  const tr = useKeyText();
  const [preview, setPreview] = useState<string | null>(null);
  const rule =
    (name: 'images' | 'videos'): FormRule =>
    () => ({
      validator: async (_rule, value: UploadFile[] | undefined) => {
        const parsed = feedbackFieldsSchema.shape[name].safeParse(filesOf(value));
        if (!parsed.success) throw new Error(tr(parsed.error.issues[0]!.message));
      },
    });
  const keep = () => false as const; // nothing leaves the browser before the whole report is sent

  return (
    <>
      <Form.Item
        name="images"
        label={t('images')}
        required
        extra={t('imagesHint')}
        valuePropName="fileList"
        getValueFromEvent={fromEvent}
        validateTrigger="onChange"
        rules={[rule('images')]}
      >
        <Upload
          listType="picture-card"
          accept={[...FEEDBACK_IMAGE_TYPES, '.jpg', '.jpeg', '.png'].join(',')}
          multiple
          maxCount={FEEDBACK_IMAGES_MAX}
          beforeUpload={keep}
          onPreview={(file) => file.originFileObj && setPreview(URL.createObjectURL(file.originFileObj))}
        >
          <span className={styles.addImage}>
            <PlusOutlined aria-hidden />
            {t('addImage')}
          </span>
        </Upload>
      </Form.Item>
      <Form.Item
        name="videos"
        label={t('videos')}
        required
        extra={t('videosHint')}
        valuePropName="fileList"
        getValueFromEvent={fromEvent}
        validateTrigger="onChange"
        rules={[rule('videos')]}
      >
        <Upload
          accept={[...FEEDBACK_VIDEO_TYPES, 'video/avi', '.mp4', '.avi', '.mpg', '.mpeg'].join(',')}
          multiple
          maxCount={FEEDBACK_VIDEOS_MAX}
          beforeUpload={keep}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{t('addVideo')}</Button>
        </Upload>
      </Form.Item>
      <Modal
        open={!!preview}
        footer={null}
        onCancel={() => {
          if (preview) URL.revokeObjectURL(preview);
          setPreview(null);
        }}
        title={t('images')}
        centered
      >
        {preview && (
          // biome-ignore lint/performance/noImgElement: a local file the visitor chose, shown before it is sent
          <img src={preview} alt={t('images')} className={styles.preview} />
        )}
      </Modal>
    </>
  );
}
