import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { nodeIO, runCli, runWorkerTask } from './main';
import { isShardTask, runShardTask } from './shard/shardWorker';
import { setWorkerScript } from './shard/workerScript';
import { isEventCheckTask, runEventCheckTask } from './shard/eventCheck';
import { isReplicationTask, runReplicationTask } from './shard/replicationWorkers';

// The bundle is also the script of `run`, `parse` and `experiment --workers` threads: a thread runs the task it is given.
setWorkerScript(new URL(import.meta.url));
if (isMainThread) void runCli();
else if (isShardTask(workerData) && parentPort) void runShardTask(workerData, parentPort, nodeIO);
else if (isEventCheckTask(workerData)) void runEventCheckTask(workerData, parentPort);
else if (isReplicationTask(workerData) && parentPort) runReplicationTask(workerData, parentPort);
else void runWorkerTask(workerData, parentPort);
