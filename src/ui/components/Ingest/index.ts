export { default as Ingest } from './Ingest.svelte';
