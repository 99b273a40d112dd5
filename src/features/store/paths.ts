import { KIND_SEGMENT, type Kind } from '@/contract/market';

export const listPath = (kind: Kind) => `/market/${KIND_SEGMENT[kind]}`;
export const itemPath = (kind: Kind, id: number) => `/market/${KIND_SEGMENT[kind]}/${id}`;

/** The image a card shows: the first of pc_image, h5_image, pc_preview, h5_preview that exists. */
export const cardImage = (item: {
  pc_image: string;
  h5_image: string;
  pc_preview: string;
  h5_preview: string;
}) => item.pc_image || item.h5_image || item.pc_preview || item.h5_preview;
