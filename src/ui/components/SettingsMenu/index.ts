export { default as SettingsMenu } from './SettingsMenu.svelte';
