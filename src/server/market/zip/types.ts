import 'server-only';
export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  /** Version needed to extract, general-purpose flags and MS-DOS time and date, as the directory gives them. */
  version: number;
  flags: number;
  time: number;
  date: number;
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
  | 'twin'
  | 'nameEncoding'
  | 'endRecords'
  | 'sizeMismatch'
  | 'crc'
  | 'method';

export class ZipError extends Error {
  constructor(
    readonly code: ZipErrorCode,
    readonly file?: string,
    /** The entry `file` clashes with, when two are at fault. */
    readonly other?: string,
  ) {
    super(code);
  }
}
