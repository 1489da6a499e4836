export { default as Timeline } from './Timeline.svelte';
