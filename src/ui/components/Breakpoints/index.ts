export { default as Breakpoints } from './Breakpoints.svelte';
