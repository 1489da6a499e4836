export { default as BottomPanels } from './BottomPanels.svelte';
