export { default as Compare } from './Compare.svelte';
