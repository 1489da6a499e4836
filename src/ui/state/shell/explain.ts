/**
 * Words, not silence: every failure the person can meet, as a sentence that says what happened and
 * what to do next. Pure mapping from an `ApiError` (or anything thrown) and from the conditions of a
 * failed start-up.
 */
import { ApiError } from '../../../client/ApiError';

/** Pure. A sentence for an error thrown by the client, naming what to do next. */
export function explainError(err: unknown, doing = 'That'): string {
  if (!(err instanceof ApiError)) {
    const msg = err instanceof Error ? err.message : String(err);
    return `${doing} failed unexpectedly (${msg}). Reload the page; if it happens again, report it with the steps that led to it.`;
  }
  const said = err.message.replace(/\.?\s*$/, '.');
  switch (err.code) {
    case 'TEMPLATE_NOT_FOUND':
      return `This template no longer exists (${said}) Pick another one from the list.`;
    case 'EXECUTION_NOT_FOUND':
      return `This run no longer exists (${said}) Open the template again to start a new run.`;
    case 'NODE_NOT_FOUND':
      return `That node is not part of this run (${said}) Select a node on the graph or in the Nodes table.`;
    case 'CORRELATION_ID_NOT_FOUND':
      return `No token carries that correlation id yet (${said}) Check the id, or step further and try again.`;
    case 'STORAGE_FULL':
      return `The browser's storage is full, so the run could not be saved. Delete old runs or templates, or free space for this site, then try again.`;
    case 'STORAGE_ERROR':
      return `The browser's storage could not be used (${said}) Private windows may block it: open Flowledger in a normal window and reload.`;
    case 'NETWORK_ERROR':
      return `The in-browser service did not answer. Reload the page to restart it.`;
    case 'INVALID_SCENARIO':
      return `The template does not validate (${said}) Fix the template, then open it again.`;
    case 'REPLAY_MISMATCH':
      return `Replaying this run did not reproduce its stored ledger (${said}) Start a new run; report the template if it happens again.`;
    case 'PAYLOAD_TOO_LARGE':
      return `That is more than the service accepts at once (${said}) Send it in smaller parts.`;
    case 'INTERNAL':
      return `The engine failed (${said}) Reload the page; the run is kept and continues where it stopped.`;
    default:
      return `${doing} was refused (${said}) Check the input and try again.`;
  }
}

export interface StartupConditions {
  /** `'serviceWorker' in navigator`. */
  hasServiceWorker: boolean;
  /** `window.isSecureContext`. */
  secureContext: boolean;
  /** The raw failure. */
  message: string;
}

/** Pure. Why the in-browser API could not start, in words, with what to do. */
export function explainStartup(c: StartupConditions): string {
  if (!c.secureContext)
    return 'Flowledger needs a secure origin (HTTPS or localhost) to run its in-browser service, and this page was opened over plain HTTP. Open it over HTTPS or from localhost.';
  if (!c.hasServiceWorker)
    return 'This browser does not offer service workers here — private or incognito windows and some browsers switch them off. Open Flowledger in a normal window of a current Chrome, Edge, Firefox or Safari.';
  return `The in-browser service could not start (${c.message}). Reload the page; if it keeps failing, allow this site to store data (private windows may block it) and try again.`;
}
