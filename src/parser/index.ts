/**
 * The parser core's public surface: pure, platform-free (lib ES2022 only), deterministic.
 * Raw logs → header fields + content → masked tokens → Drain-style templates → grouped events →
 * `ExternalEvent`s for the engine's external queue.
 */
export type * from '../contract/parser';
export { parseLog, mapEvents, boundCounts, type ParseOutcome } from './parse';
export { LogParser, type LogParserOptions, type TemplateChange } from './parser';
export {
  compileConfig,
  MINING_DEFAULTS,
  DEFAULT_CONTINUATION,
  DEFAULT_KEEP_UNPARSED,
  DEFAULT_MISSING_GROUP,
  LIMIT_DEFAULTS,
  type CompiledConfig,
  type CompileOptions,
} from './parserConfig';
export {
  compileFormat,
  formatToRegexSource,
  CONTENT_GROUPS,
  DEFAULT_MESSAGE_KEYS,
  type LineReader,
  type HeaderMatch,
} from './formats/format';
export {
  BUILTIN_PRESETS,
  createPresetRegistry,
  detectPreset,
  PresetRegistry,
  type DetectedPreset,
  type Preset,
  type PresetLookup,
} from './formats/presets';
export { DEFAULT_MASKS, compileMasks, compileMask, wildcardTemplate, type MaskSet, type CompiledMask } from './masks';
export {
  Drain,
  WILDCARD,
  survivor,
  singleDifference,
  hasWordBesides,
  MAX_VARIANTS,
  type Variant,
  type ChangeKind,
  type Cluster,
  type DrainOptions,
  type AddResult,
} from './mining/drain';
export {
  finalizeTemplates,
  resolveFinal,
  MAX_ALIGNED_TOKENS,
  type FinalTemplate,
  type FinalTemplates,
  type MergeOptions,
} from './mining/merge';
export { skeletonKey, mergedText } from './mining/skeleton';
export { tokenize, joinTokens, type Tokens } from './mining/tokens';
export { ParamExtractor } from './mining/params';
export { resolveFieldRef, readFieldRef, GroupCounter, BUILTIN_FIELDS, type FieldRef, type FieldContext } from './group';
export {
  compileMapping,
  toExternalEvent,
  toExternalEvents,
  numericOrText,
  DEFAULT_TARGET,
  type CompiledMapping,
} from './mapping';
export { LineSplitter, utf8Length } from './lines';
export { csvField, csvRow, structuredHeader, structuredRow, structuredCsv, templatesCsv, readCsv, CRLF } from './csv';
