export { default as Transport } from './Transport.svelte';
