export { default as TokenButton } from './TokenButton.svelte';
