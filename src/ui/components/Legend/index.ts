export { default as Legend } from './Legend.svelte';
