/**
 * `GET /settings` and `PUT /settings`: the stored settings and the profile this page's API answers
 * outside clients in (`effectiveCompat`: the page's own choice, else the stored one). Storing a
 * profile drops the page's own choice, so the change takes effect at once.
 */
import { HttpResponse } from 'msw';
import type { Settings, SettingsAnswer } from '../../contract/settings';
import { errorResponse } from '../errors';
import { jsonBody } from '../params';
import type { Route, RouteContext } from '../route';

async function answer({ profiles }: RouteContext, settings: Settings): Promise<Response> {
  const page = profiles.pageChoice();
  const body: SettingsAnswer = {
    success: true,
    settings,
    effectiveCompat: page ?? settings.compat,
    compatSource: page === null ? 'store' : 'page',
  };
  return HttpResponse.json(body);
}

export const settingsRoutes: Route[] = [
  {
    method: 'GET',
    path: '/settings',
    handle: async (ctx) => {
      const r = await ctx.service.getSettings();
      if (!r.ok) return errorResponse(r.error.code, r.error.message, r.error.details);
      return answer(ctx, r.value);
    },
  },
  {
    method: 'PUT',
    path: '/settings',
    handle: async (ctx) => {
      const r = await ctx.service.updateSettings(await jsonBody(ctx.request));
      if (!r.ok) return errorResponse(r.error.code, r.error.message, r.error.details);
      ctx.profiles.setPage(null);
      ctx.profiles.storedChanged(ctx.service, r.value.compat);
      return answer(ctx, r.value);
    },
  },
];
