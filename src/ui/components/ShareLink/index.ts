export { default as ShareLink } from './ShareLink.svelte';
