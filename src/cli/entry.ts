import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runCli, runWorkerTask } from './main';
import { setWorkerScript } from './shard/workers';

// The bundle is also the script of `run --workers` threads: a thread runs the task it is given.
setWorkerScript(new URL(import.meta.url));
if (isMainThread) void runCli();
else void runWorkerTask(workerData, parentPort);
