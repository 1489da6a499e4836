export { default as Discover } from './Discover.svelte';
