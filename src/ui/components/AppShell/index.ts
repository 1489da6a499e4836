export { default as AppShell } from './AppShell.svelte';
