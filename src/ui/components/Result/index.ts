export { default as Result } from './Result.svelte';
