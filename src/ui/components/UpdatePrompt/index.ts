export { default as UpdatePrompt } from './UpdatePrompt.svelte';
