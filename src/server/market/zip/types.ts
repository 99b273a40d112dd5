import 'server-only';
export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  /** Where the entry's local header starts, its data starts, and (data descriptor included) it ends. */
  offset: number;
  dataStart: number;
  end: number;
  encrypted: boolean;
  symlink: boolean;
  directory: boolean;
};

/** Why a zip is refused; `file` names the entry when one is at fault. */
export type ZipErrorCode =
  | 'noDirectory'
  | 'tooManyEntries'
  | 'zip64'
  | 'multiDisk'
  | 'badDirectory'
  | 'badEntry'
  | 'nameMismatch'
  | 'headerMismatch'
  | 'overlap'
  | 'hiddenData'
  | 'duplicate'
  | 'sizeMismatch'
  | 'crc'
  | 'method';

export class ZipError extends Error {
  constructor(
    readonly code: ZipErrorCode,
    readonly file?: string,
  ) {
    super(code);
  }
}
