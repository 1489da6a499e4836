export { default as RunBar } from './RunBar.svelte';
