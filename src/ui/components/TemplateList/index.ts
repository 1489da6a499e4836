export { default as TemplateList } from './TemplateList.svelte';
