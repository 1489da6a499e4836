/**
 * Latest-wins for a state module — the one mechanism every UI state module uses (run view, Inspector,
 * panels): each new request aborts the one before, and an answer that arrives after its signal was
 * aborted is dropped by the caller (`if (signal.aborted) return`). The signal can also be handed to
 * a read that may be cancelled.
 */
export interface Latest {
  /** Aborts the previous request and returns the signal of a new one. */
  next(): AbortSignal;
  /** Aborts the current request, if any. */
  abort(): void;
}

/** Not pure: a fresh latest-wins gate. */
export function latestWins(): Latest {
  let current: AbortController | null = null;
  return {
    next() {
      current?.abort();
      current = new AbortController();
      return current.signal;
    },
    abort() {
      current?.abort();
      current = null;
    },
  };
}

/** Pure: a person-readable sentence for a failed request, with what to do next. */
export function describeError(err: unknown, doing: string): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'NETWORK_ERROR')
    return `Could not ${doing}: the in-browser service did not answer. Reload the page to restart it.`;
  return `Could not ${doing}: ${message.replace(/\.$/, '')}. Check the input and try again.`;
}
