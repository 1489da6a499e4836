export { default as LineagePanel } from './LineagePanel.svelte';
export type { LineagePanelProps } from './types';
