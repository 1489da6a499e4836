export { default as Experiment } from './Experiment.svelte';
