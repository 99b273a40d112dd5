'use client';

import type { UploadedFile } from '../upload-file';

export type Files = {
  source: UploadedFile[];
  pc_image: UploadedFile[];
  pc_preview: UploadedFile[];
  h5_image: UploadedFile[];
  h5_preview: UploadedFile[];
};
export type Draft = { step: number; values: Record<string, unknown>; files: Files };

export const EMPTY_FILES: Files = { source: [], pc_image: [], pc_preview: [], h5_image: [], h5_preview: [] };

/** The add form survives a reload between steps: it lives in sessionStorage until submitted. */
export const draftKey = (kind: string, id: number | null) => `market-draft-${kind}-${id ?? 'new'}`;

export function loadDraft(key: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: Draft) {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {}
}

export function clearDraft(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {}
}
