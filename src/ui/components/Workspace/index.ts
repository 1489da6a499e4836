export { default as Workspace } from './Workspace.svelte';
