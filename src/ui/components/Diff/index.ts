export { default as Diff } from './Diff.svelte';
