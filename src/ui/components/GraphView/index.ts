export { default as GraphView } from './GraphView.svelte';
