import 'server-only';

/**
 * The reading of web code (pages, scripts, stylesheets) without running it, and the signals its
 * loads give: shared by the injected-code check (`../inject/`), the version check (`../version/`)
 * and the package scan (`src/server/market/validate/`). Other code imports only what this file
 * exports; the files beside it are this module's own (src/layers.test.ts holds to that).
 */
export { DocReader, type ReadDoc } from './documents';
export { CMS_SCRIPTS } from './extract';
export { CHECK_BUDGET_MS, type Fetched, type FetchOutcome, fetchText } from './fetch-text';
export { FindingList, inPageHtml, lineOf, type RawFinding } from './findings';
export type { LoadHow } from './html/load-kinds';
export { type PageLink, parsePage } from './html/parse-page';
export { type HiddenSelectors, hiddenSelectors } from './html/style-rules';
export { fileSignals, isFirstParty, loadSignals, mergeSignals } from './judge';
export { cloakedLinkFarm, foreignLinks, hiddenLinkFarm } from './link-farm';
export {
  BAIDU_REFERER,
  base,
  CHROME,
  GROUP_LEADS,
  IPHONE,
  PROFILES,
  type Profile,
  SPIDERS,
} from './profiles';
export {
  type DocFacts,
  type FoundLoad,
  hideLinksIn,
  hideWhatScriptsHide,
  plainLoad,
  readHtml,
  readJs,
} from './read-document';
export { resolve } from './resolve';
export { hiddenTargets } from './script/hidden';
export { hostSignals, registrable, type SiteContext } from './signals/host';
export { chineseTerm, termInLabel } from './signals/terms';
export { FINDING_AT, type Signal, scoreOf, severityOf } from './signals/types';
export { hideByStylesheets, LIBRARY_SHEET } from './stylesheet-links';
export { type TraitSource, traitFindings, traitSource } from './traits';
export type { Observation, Source } from './types';
