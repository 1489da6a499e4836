/**
 * Reading the template file the player's `src` names, and saying plainly what went wrong when it
 * cannot: a docs author who mistyped a path should read "the template file orders.json was not
 * found", not a JSON parser's complaint about the `<` of the 404 page a static host served instead.
 * Each sentence names the file and what to do. The sentences are pure; `readTemplateFile` fetches.
 */

/** Pure. The file's name as a person wrote it: the last segment of `url`'s path. */
export function fileName(url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not an absolute address: use it as it is.
  }
  const last = path.split('/').filter(Boolean).pop() ?? path;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const CHECK_SRC =
  "Check the src in the player's address: it names a Flowledger template file (.json) on the player's own site, relative to embed.html — for example ?src=examples/order-pipeline.json.";

/** Pure. The fetch of `url` failed before any answer (blocked by the browser, offline, refused). */
export function fetchBlockedMessage(url: string): string {
  return `The template file ${fileName(url)} could not be fetched from ${url}: the browser blocked the request or the site could not be reached. Make sure the file is on the same site as the player and the page is online, then reload.`;
}

/** Pure. The server answered `url` with HTTP `status`. */
export function httpMessage(url: string, status: number): string {
  if (status === 404 || status === 410)
    return `The template file ${fileName(url)} was not found at ${url} (HTTP ${status}). ${CHECK_SRC}`;
  return `The template file ${fileName(url)} could not be read from ${url} (the server answered HTTP ${status}). ${CHECK_SRC}`;
}

/** Pure. What `url` answered is not JSON; `html`: it is a web page (a static host's fallback, usually). */
export function notJsonMessage(url: string, html: boolean): string {
  return html
    ? `The file at ${url} is a web page, not a template: the template file ${fileName(url)} is probably not there. ${CHECK_SRC}`
    : `The template file ${fileName(url)} is not valid JSON, so the player cannot read it. Fix the file (a JSON editor or \`flowledger validate\` shows where), or point src at another template.`;
}

/** Pure. The file read but holds no workflow, or the workflow failed validation (`reason`). */
export function invalidMessage(url: string, reason: string): string {
  const why = reason.replace(/[.\s]+$/, '');
  return `The template file ${fileName(url)} cannot be shown: ${why}. Fix the file (the problems are listed below when known) and reload the page.`;
}

/** Pure. Whether a body looks like a web page rather than JSON. */
export function looksLikeHtml(contentType: string | null, text: string): boolean {
  return /\bhtml\b/i.test(contentType ?? '') || /^\s*</.test(text);
}

/** Not pure: fetches `url` and parses it as JSON, or answers the sentence saying why it cannot. */
export async function readTemplateFile(
  url: string,
  fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<{ ok: true; json: unknown } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await fetcher(url);
  } catch {
    return { ok: false, message: fetchBlockedMessage(url) };
  }
  if (!response.ok) return { ok: false, message: httpMessage(url, response.status) };
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { ok: false, message: fetchBlockedMessage(url) };
  }
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: notJsonMessage(url, looksLikeHtml(response.headers.get('content-type'), text)) };
  }
}
