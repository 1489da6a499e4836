/**
 * The script worker threads load: the command line bundle that is running (set by entry.ts), for
 * `run --workers`, `parse --workers` and `merge`'s check of the events' JSON. Absent when the
 * sources run (tests): those commands then work on one thread or say they need the bundle.
 */
let workerScript: URL | undefined;

/** Not pure: names the script worker threads run (the command line bundle). */
export function setWorkerScript(url: URL): void {
  workerScript = url;
}

/** Not pure (reads the module's state): the script worker threads run, when set. */
export function workerScriptUrl(): URL | undefined {
  return workerScript;
}
