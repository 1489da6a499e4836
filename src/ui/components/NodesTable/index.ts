export { default as NodesTable } from './NodesTable.svelte';
