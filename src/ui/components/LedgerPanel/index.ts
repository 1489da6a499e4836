export { default as LedgerPanel } from './LedgerPanel.svelte';
export type { LedgerPanelProps } from './types';
