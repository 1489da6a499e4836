/**
 * Text made safe for XML 1.0 attribute values: the five markup characters escaped, tab and line
 * breaks as character references (a parser would otherwise fold them into spaces), and the
 * characters XML 1.0 cannot carry at all (other controls, lone surrogates, U+FFFE/U+FFFF) replaced by
 * U+FFFD, so any event text yields a well-formed file.
 */

// eslint-disable-next-line no-control-regex
const SPECIAL = /[&<>"\u0000-\u001f\ud800-\udfff\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex
const SPECIAL_ALL = /[&<>"\t\n\r]|[\u0000-\u001f\ufffe\uffff]|[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

const REPLACE: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** Pure: `text` as the content of a double-quoted XML attribute. */
export function xmlAttr(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(SPECIAL_ALL, (c) => REPLACE[c] ?? (c.length === 2 ? c : '\ufffd'));
}
