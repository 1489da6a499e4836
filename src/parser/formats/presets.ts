/**
 * Format presets: a name for a header format plus the masks that suit it. The built-ins cover common
 * logs (syslog, Apache/Nginx access and Apache error logs, JSON lines, logfmt) and the four Loghub
 * datasets, with the formats and masks the public benchmark uses (each mask written in an equivalent
 * form that starts with a look-behind — a match can only start where the benchmark's could — so the
 * engine does not retry every position inside a word). A caller adds its own to a registry
 * of its own (`createPresetRegistry().add(…)`) and passes it to `compileConfig`; the built-in registry
 * is never changed.
 */
import { compileFormat } from './format';
import type { ContinuationConfig, FormatSpec, MaskSpec, TimeConfig } from '../../contract/parser';

export interface Preset {
  description: string;
  format: Exclude<FormatSpec, { kind: 'preset' }>;
  /** Masks run before the config's defaults (a config mask of the same name replaces one). */
  masks?: MaskSpec[];
  continuation?: ContinuationConfig;
  /** How the time is read (a config's `time` keys replace these one by one). */
  time?: TimeConfig;
}

const QUOTED = String.raw`(?:[^"\\]|\\.)*`;

const ACCESS_LOG: Preset['format'] = {
  kind: 'regex',
  pattern: String.raw`^(?<Client>\S+) (?<Ident>\S+) (?<User>\S+) \[(?<Time>[^\]]+)\] "(?<Content>${QUOTED})" (?<Status>\d{3}) (?<Bytes>\d+|-)(?: "(?<Referer>${QUOTED})" "(?<UserAgent>${QUOTED})")?.*$`,
};

/** `10/Oct/2000:13:55:36 -0700`. */
const ACCESS_TIME: TimeConfig = { fields: ['Time'], layout: '%d/%b/%Y:%H:%M:%S %z' };
/** The usual time keys of JSON and logfmt loggers, as ISO 8601 text or epoch milliseconds. */
const STRUCTURED_TIME: TimeConfig = {
  firstOf: ['@timestamp', 'timestamp', 'time', 'ts'],
  layout: ['iso8601', 'epoch-ms'],
};

const BUILTIN: Record<string, Preset> = {
  syslog: {
    description: 'BSD syslog (RFC 3164-ish): "Dec 10 06:55:46 host program[pid]: message"',
    format: {
      kind: 'regex',
      pattern: String.raw`^(?<Month>[A-Z][a-z]{2})\s+(?<Day>\d{1,2})\s+(?<Time>\d{2}:\d{2}:\d{2})\s+(?<Host>\S+)\s+(?<Program>[^\s\[:]+)(?:\[(?<Pid>\d+)\])?:\s*(?<Content>.*)$`,
    },
    time: { fields: ['Month', 'Day', 'Time'], layout: '%b %d %H:%M:%S' },
  },
  'apache-access': {
    description:
      'Apache/Nginx access log, common or combined: client ident user [time] "request" status bytes "referer" "agent"; the request line is the content',
    format: ACCESS_LOG,
    time: ACCESS_TIME,
  },
  'apache-error': {
    description: 'Apache error log (2.2 and 2.4): [time] [module:level] [pid N:tid N] [client addr] message',
    format: {
      kind: 'regex',
      pattern: String.raw`^\[(?<Time>[^\]]+)\] \[(?:(?<Module>[^\]:]*):)?(?<Level>[^\]]*)\](?: \[pid (?<Pid>\d+)(?::tid (?<Tid>\d+))?\])?(?: \[client (?<Client>[^\]]+)\])? (?<Content>.*)$`,
    },
    // 2.2 writes whole seconds, 2.4 microseconds.
    time: { fields: ['Time'], layout: ['%a %b %d %H:%M:%S %Y', '%a %b %d %H:%M:%S.%f %Y'] },
  },
  nginx: {
    description: 'Nginx access log (its default "combined" format; the same as apache-access)',
    format: ACCESS_LOG,
    time: ACCESS_TIME,
  },
  json: {
    description: 'JSON lines; the message is under "message" or "msg"',
    format: { kind: 'json' },
    time: STRUCTURED_TIME,
  },
  logfmt: {
    description: 'logfmt key=value pairs; the message is under "msg" or "message"',
    format: { kind: 'logfmt', messageKey: ['msg', 'message'] },
    time: STRUCTURED_TIME,
  },
  hdfs: {
    description: 'Loghub HDFS: "081109 203615 148 INFO dfs.DataNode$PacketResponder: message"',
    format: { kind: 'format', pattern: '<Date:time> <Time:time> <Pid> <Level> <Component>: <Content>' },
    time: { layout: '%y%m%d %H%M%S' },
    masks: [
      { name: 'blk', pattern: String.raw`blk_-?\d+` },
      { name: 'ip', pattern: String.raw`(?<!\d)(\d+\.){3}\d+(:\d+)?` },
    ],
  },
  apache: {
    description: 'Loghub Apache (error log): "[Sun Dec 04 04:47:44 2005] [notice] message"',
    format: { kind: 'format', pattern: String.raw`\[<Time:time>\] \[<Level>\] <Content>` },
    time: { layout: '%a %b %d %H:%M:%S %Y' },
    masks: [{ name: 'ip', pattern: String.raw`(?<!\d)(\d+\.){3}\d+` }],
  },
  openssh: {
    description: 'Loghub OpenSSH: "Dec 10 06:55:46 LabSZ sshd[24200]: message"',
    format: {
      kind: 'format',
      pattern: String.raw`<Date:time> <Day:time> <Time:time> <Component> sshd\[<Pid>\]: <Content>`,
    },
    time: { layout: '%b %d %H:%M:%S' },
    masks: [
      { name: 'ip', pattern: String.raw`(?<!\d)(\d+\.){3}\d+` },
      { name: 'host', pattern: String.raw`(?<![\w-])([\w-]+\.){2,}[\w-]+` },
    ],
  },
  proxifier: {
    description: 'Loghub Proxifier: "[10.30 16:49:06] chrome.exe - host:443 message"',
    format: { kind: 'format', pattern: String.raw`\[<Time:time>\] <Program> - <Content>` },
    time: { layout: '%m.%d %H:%M:%S' },
    masks: [
      { name: 'sec', pattern: String.raw`<\d+\ssec` },
      { name: 'host', pattern: String.raw`(?<![\w-])([\w-]+\.)+[\w-]+(:\d+)?` },
      { name: 'clock', pattern: String.raw`\d{2}:\d{2}(:\d{2})*` },
      { name: 'unit', pattern: '[KGTM]B' },
    ],
  },
};

/** The read side of a registry: what compiling a config needs. */
export interface PresetLookup {
  get(name: string): Preset | undefined;
  names(): string[];
}

/** Named presets. Lookups are by exact name. */
export class PresetRegistry implements PresetLookup {
  private readonly presets: Map<string, Preset>;

  constructor(initial: Record<string, Preset> = {}) {
    this.presets = new Map(Object.entries(initial));
  }

  get(name: string): Preset | undefined {
    return this.presets.get(name);
  }

  /** Adds or replaces a preset; returns the registry for chaining. */
  add(name: string, preset: Preset): this {
    this.presets.set(name, preset);
    return this;
  }

  names(): string[] {
    return [...this.presets.keys()];
  }
}

/** A new registry holding the built-in presets, for a caller to add to. */
export function createPresetRegistry(): PresetRegistry {
  return new PresetRegistry(BUILTIN);
}

/** The built-in presets (a caller that needs more makes its own registry). */
export const BUILTIN_PRESETS: PresetLookup = createPresetRegistry();

/** A preset chosen for a log by how many of its lines the preset's format reads. */
export interface DetectedPreset {
  name: string;
  /** Share of the sampled non-blank lines the format matched, 0–1. */
  rate: number;
}

export interface DetectOptions {
  presets?: PresetLookup;
  /** Non-blank lines read from the start of the text. Default 200. */
  sample?: number;
  /** The least share of them a preset must read. Default 0.5. */
  minRate?: number;
  /** Among presets reading as many lines, prefer one whose format has this field (a group field). */
  field?: string;
}

/**
 * Pure: the preset whose format reads the largest share of the first `sample` non-blank lines of
 * `text` — on a tie, one with `field` among its fields, then the format string with the most literal
 * text (the more specific: `sshd\[<Pid>\]:` over `<Component>:`), then the earlier in the registry — or null
 * when none reads at least `minRate` of them. Indented lines (continuations) are left out.
 */
export function detectPreset(text: string, options: DetectOptions = {}): DetectedPreset | null {
  const { presets = BUILTIN_PRESETS, sample = 200, minRate = 0.5, field } = options;
  const lines: string[] = [];
  let at = 0;
  while (lines.length < sample && at < text.length) {
    let nl = text.indexOf('\n', at);
    if (nl === -1) nl = text.length;
    let line = text.slice(at, nl);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    at = nl + 1;
    if (line.trim() !== '' && !/^\s/.test(line)) lines.push(line);
  }
  if (lines.length === 0) return null;
  let best: DetectedPreset | null = null;
  let bestHasField = false;
  let bestLiteral = -1;
  for (const name of presets.names()) {
    const preset = presets.get(name)!;
    // A preset's format is the project's own, compiled as in a parse.
    const reader = compileFormat(preset.format, '/format', true);
    if (!reader.ok) continue;
    let hits = 0;
    for (const line of lines) if (reader.value.read(line) !== null) hits++;
    const rate = hits / lines.length;
    const hasField = field !== undefined && reader.value.fieldNames.includes(field);
    if (rate < minRate) continue;
    const literal = literalLength(preset.format);
    const better =
      best === null ||
      rate > best.rate ||
      (rate === best.rate && (hasField !== bestHasField ? hasField : literal > bestLiteral));
    if (better) {
      best = { name, rate };
      bestHasField = hasField;
      bestLiteral = literal;
    }
  }
  return best;
}

/** The literal characters a benchmark format string requires outside its fields (0 for other kinds). */
function literalLength(format: Preset['format']): number {
  if (format.kind !== 'format') return 0;
  return format.pattern.replace(/<[^<>]+>/g, '').replace(/[\s\\()?*+]/g, '').length;
}
