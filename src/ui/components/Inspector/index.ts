export { default as Inspector } from './Inspector.svelte';
