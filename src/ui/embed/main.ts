/**
 * The embeddable player's entry (embed.html): the graph, the transport and the timeline of one
 * workflow, for docs sites to place in an <iframe>. It needs no service worker: its client runs the
 * API's request handlers in the page (the in-page transport), over an engine worker that keeps its
 * data in the player's own store, apart from the app's.
 */
import { mount } from 'svelte';
import { buildHandlers } from '../../api/handlers';
import { EngineAPIService } from '../../client/EngineAPIService';
import { configureEngineWorker, getEngineService } from '../../api/workerBridge';
import { inPageTransport } from '../../client/transport';
import { EMBED_DB_NAME } from '../../store/db';
import '../styles/global.css';
import Player from './Player.svelte';
import { readEmbedOptions } from './source';

const target = document.getElementById('player');
if (!target) throw new Error('Flowledger player: the page has no #player element to mount into');

configureEngineWorker({ name: EMBED_DB_NAME });
const baseUrl = new URL('api', document.baseURI).href;
const api = new EngineAPIService({ baseUrl, transport: inPageTransport(buildHandlers(getEngineService, baseUrl)) });

mount(Player, { target, props: { api, options: readEmbedOptions(location.search) } });
