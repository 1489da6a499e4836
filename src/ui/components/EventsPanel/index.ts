export { default as EventsPanel } from './EventsPanel.svelte';
export type { EventsPanelProps } from './types';
