export { default as ChartsPanel } from './ChartsPanel.svelte';
export type { ChartsPanelProps } from './types';
