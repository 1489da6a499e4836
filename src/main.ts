import { mount } from 'svelte';
import AppShell from './ui/components/AppShell/AppShell.svelte';
import './ui/styles/global.css';

const target = document.getElementById('app');
if (!target) throw new Error('Flowledger: the page has no #app element to mount into');

mount(AppShell, { target });
