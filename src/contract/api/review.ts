import {
  knownImportSchema,
  knownReleasesOutputSchema,
  knownReleasesSchema,
  packageDiffOutputSchema,
  packageDiffSchema,
  packageFileOutputSchema,
  packageFileSchema,
  packageFilesOutputSchema,
  packageFilesSchema,
  reviewNextOutputSchema,
  reviewNextSchema,
} from '../review';
import { operation } from './operation';

/** The reviewer's tools: the queue, a package's files, and what changed since the last approved version. */
const admin = { methods: ['POST'] as const, caller: 'admin' as const, area: 'review' };

export const reviewNext = operation({
  ...admin,
  id: 'reviewNext',
  path: '/api/review/next',
  summary: {
    'zh-cn': '审核队列中最早提交的下一个作品（插件和模板一起，可排除刚审核的作品）',
    'zh-tw': '審核隊列中最早提交的下一個作品（插件和模板一起，可排除剛審核的作品）',
    'en-us': 'The next item of the review queue, oldest first (plugins and themes; may leave one out)',
  },
  input: reviewNextSchema,
  output: reviewNextOutputSchema,
});

export const packageFiles = operation({
  ...admin,
  id: 'reviewPackageFiles',
  path: '/api/review/files',
  summary: {
    'zh-cn': '某个版本安装包内的全部文件：路径、大小、SHA-256，是否二进制',
    'zh-tw': '某個版本安裝包內的全部文件：路徑、大小、SHA-256，是否二進制',
    'en-us': "Every file in a version's package: path, size, SHA-256, and whether it is binary",
  },
  input: packageFilesSchema,
  output: packageFilesOutputSchema,
});

export const packageFile = operation({
  ...admin,
  id: 'reviewPackageFile',
  path: '/api/review/file',
  summary: {
    'zh-cn': '安装包内一个文件的文本内容（UTF-8，有大小上限；二进制文件只有哈希）',
    'zh-tw': '安裝包內一個文件的文本內容（UTF-8，有大小上限；二進制文件只有哈希）',
    'en-us': "One file's text in a package (UTF-8, size-capped; a binary file gives only its hash)",
  },
  input: packageFileSchema,
  output: packageFileOutputSchema,
});

export const packageDiff = operation({
  ...admin,
  id: 'reviewPackageDiff',
  path: '/api/review/diff',
  summary: {
    'zh-cn': '与上一个审核通过的版本逐文件比较：新增、删除、修改的文件和修改的行',
    'zh-tw': '與上一個審核通過的版本逐文件比較：新增、刪除、修改的文件和修改的行',
    'en-us':
      'Every file compared with the previous approved version: added, removed, changed files and lines',
  },
  input: packageDiffSchema,
  output: packageDiffOutputSchema,
});

export const knownReleases = operation({
  ...admin,
  id: 'reviewKnownReleases',
  path: '/api/review/known_releases',
  summary: {
    'zh-cn': '安装包扫描已知的开源库版本（各版本文件数），或删除其中一个',
    'zh-tw': '安裝包掃描已知的開源庫版本（各版本文件數），或刪除其中一個',
    'en-us': "The package scan's known library releases (with file counts), or remove one",
  },
  input: knownReleasesSchema,
  output: knownReleasesOutputSchema,
});

export const knownImport = operation({
  ...admin,
  id: 'reviewKnownImport',
  path: '/api/review/known_import',
  summary: {
    'zh-cn': '导入一个开源库的发布包（zip 或 tar.gz，multipart）：只存文件哈希，同名同版本被替换',
    'zh-tw': '匯入一個開源庫的發佈包（zip 或 tar.gz，multipart）：只存文件雜湊，同名同版本被替換',
    'en-us':
      "Import a library's release archive (zip or tar.gz, multipart): file hashes only; the same library and version is replaced",
  },
  input: knownImportSchema,
  output: knownReleasesOutputSchema,
});

export const reviewOperations = [
  reviewNext,
  packageFiles,
  packageFile,
  packageDiff,
  knownReleases,
  knownImport,
];
