/** The messages between the ingestion screens and their worker (`ingest.worker.ts`). */
import type { ParserConfig } from '../../parser';
import type { PresetMatch, PreviewAnswer, StreamProgress, StreamSummary } from './ingestOps';

export type IngestRequest =
  | { type: 'preview'; id: number; text: string; config: ParserConfig }
  | { type: 'detect'; id: number; text: string }
  | { type: 'count'; id: number; blob: Blob }
  | { type: 'parse'; id: number; blob: Blob; config: ParserConfig }
  | { type: 'cancel'; id: number; target: number };

export type IngestReply =
  | { type: 'preview'; id: number; answer: PreviewAnswer }
  | { type: 'detect'; id: number; matches: PresetMatch[] }
  | { type: 'count'; id: number; lines: number }
  | ({ type: 'progress'; id: number } & StreamProgress)
  | { type: 'parsed'; id: number; summary: StreamSummary | { ok: false; message: string }; peakHeap: number | null }
  | { type: 'error'; id: number; message: string };
