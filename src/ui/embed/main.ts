/**
 * The embeddable player's entry (embed.html): the graph, the transport and the timeline of one
 * workflow, for docs sites to place in an <iframe>. Its client (src/client/embedClient.ts) answers
 * in the page, over an engine worker of its own; the player knows nothing of either.
 */
import { mount } from 'svelte';
import { createEmbedClient } from '../../client/embedClient';
import '../styles/global.css';
import Player from './Player.svelte';
import { readEmbedOptions } from './source';

const target = document.getElementById('player');
if (!target) throw new Error('Flowledger player: the page has no #player element to mount into');

// The player replaces the message embed.html painted.
target.replaceChildren();
mount(Player, { target, props: { api: createEmbedClient(), options: readEmbedOptions(location.search) } });
