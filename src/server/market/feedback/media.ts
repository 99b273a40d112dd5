import 'server-only';
import { randomUUID } from 'node:crypto';
import { PLAYABLE_VIDEO } from '@/contract/feedback';
import type { FeedbackVideo } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileToWrite } from '../files';
import { sniffImage } from '../validate/image';
import { sniffVideo } from '../validate/video';

export const MEDIA_ROUTE = '/api/developer/feedback_media/';
const PREFIX = 'market/feedback/';

/** Where a report's file is served: behind the report's id, so access is one primary-key lookup. */
export const mediaUrl = (feedbackId: number, key: string) =>
  `${MEDIA_ROUTE}${feedbackId}/${key.slice(PREFIX.length)}`;

/** The storage key a media URL's file name stands for, or undefined when it cannot be one of ours. */
export function mediaKey(name: string): string | undefined {
  return /^[0-9a-f-]{36}\.(png|jpg|mp4|avi|mpg)$/.test(name) ? `${PREFIX}${name}` : undefined;
}

const safeName = (file: File) => file.name.replace(/[\r\n\t"\\/]/g, '_').slice(-80) || 'file';

/**
 * Why a file was refused, naming it only when its name means something to the sender: the CMS sends
 * its PHP upload temp files (`/tmp/phpA1b2C3`), whose names mean nothing to a site owner.
 */
function refused(file: File, key: 'notImage' | 'notVideo', field: string) {
  const meaningful = /\.[a-z0-9]{2,5}$/i.test(file.name) && !/^[\\/]|php[A-Za-z0-9]{6}$/.test(file.name);
  return meaningful
    ? new AppError('invalid', `feedback.err.${key}`, { file: safeName(file) }, { field })
    : new AppError('invalid', `feedback.err.${key}Unnamed`, {}, { field });
}

/** A screenshot, checked by its bytes: JPG or PNG only. Nothing is written here. */
export async function prepareScreenshot(file: File): Promise<FileToWrite> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image || (image.ext !== 'png' && image.ext !== 'jpg')) throw refused(file, 'notImage', 'images');
  return { key: `${PREFIX}${randomUUID()}.${image.ext}`, bytes, mime: image.mime };
}

/** A video, checked by its bytes: MP4, AVI or MPEG. Nothing is written here. */
export async function prepareVideo(file: File): Promise<FileToWrite> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const video = sniffVideo(bytes);
  if (!video) throw refused(file, 'notVideo', 'videos');
  return { key: `${PREFIX}${randomUUID()}.${video.ext}`, bytes, mime: video.mime };
}

export function presentVideo(feedbackId: number, v: FeedbackVideo) {
  return {
    url: mediaUrl(feedbackId, v.key),
    mime: v.mime,
    size: v.size,
    playable: v.mime === PLAYABLE_VIDEO,
  };
}
