/**
 * What reading one physical line's header gives: the header fields and the content. Shared by the
 * format readers (format.ts) and the structured ones (structured.ts), which import it from here.
 */

/** A matched header line: field values aligned with `names`, and the message. */
export interface HeaderMatch {
  names: readonly string[];
  values: readonly string[];
  content: string;
}

export interface LineReader {
  kind: 'format' | 'regex' | 'json' | 'logfmt';
  /** Header field names in format order (content excluded); empty for JSON/logfmt (keys vary per line). */
  fieldNames: readonly string[];
  /** Header fields a format string marks as the time (`<Time:time>`), in order; absent for other kinds. */
  timeFields?: readonly string[];
  /** Pure: the line's fields and content, or null when the line does not match the header format. */
  read(line: string): HeaderMatch | null;
  /** Pure: for a line `read` refused because of a bound (not a mismatch), the reason; else null. */
  refusal?(line: string): string | null;
}
