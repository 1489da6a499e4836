export { default as Editor } from './Editor.svelte';
