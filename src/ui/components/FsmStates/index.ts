export { default as FsmStates } from './FsmStates.svelte';
export { default as FsmDiagramView } from './FsmDiagramView.svelte';
