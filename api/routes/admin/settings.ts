import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { changePlatformSettings } from '../../../commands/platformSettings/index.js';
import {
  defaultPlatformSettings,
  PLATFORM_SETTINGS_STREAM,
  settingLimits,
  type PlatformSettingsEvent,
} from '../../../domain/platformSettings/index.js';
import { eventUpcasters } from '../../../domain/upcasting/index.js';
import { usersByIds } from '../../../accounts/index.js';
import { commandContextFor } from '../../support/commandContext.js';
import { errorResponses, IDEMPOTENT_WRITE } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { PlatformSettingsBody, PlatformSettingsView } from '../../../contract/admin.js';

/**
 * The platform settings (surge, weather, bid window, search expiry, scheduled dispatch lead):
 * event-sourced in their own stream. What GET shows is what quotes, bids and timers use.
 */
export function settingsRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  async function view(): Promise<z.infer<typeof PlatformSettingsView>> {
    const [latest] = await commands.store.readStream(PLATFORM_SETTINGS_STREAM, { direction: 'backwards', maxCount: 1 });
    const base = { defaults: defaultPlatformSettings, limits: settingLimits };
    if (!latest) return { ...base, settings: defaultPlatformSettings, changedAt: null, changedBy: null };
    const event = eventUpcasters.upcast({ type: latest.type, data: latest.data, metadata: latest.metadata }) as unknown as PlatformSettingsEvent;
    const { settings, changedBy, changedAt } = event.data;
    const [admin] = await usersByIds(db, [changedBy]);
    return { ...base, settings, changedAt, changedBy: { userId: changedBy, name: admin?.full_name ?? null } };
  }

  return async (app) => {
    app.get(
      '/api/admin/settings',
      {
        schema: {
          tags: ['admin'],
          summary: 'The platform settings in force, their defaults and limits, and who last changed them',
          response: { 200: PlatformSettingsView, ...errorResponses },
        },
      },
      view,
    );

    app.put(
      '/api/admin/settings',
      {
        schema: {
          tags: ['admin'],
          summary: 'Change platform settings (those left out keep their value); applies to the next quote, bid and timer; recorded with who did it',
          description: IDEMPOTENT_WRITE,
          body: PlatformSettingsBody,
          response: { 200: PlatformSettingsView, ...errorResponses },
        },
      },
      async (request) => {
        await changePlatformSettings(commands, { changes: request.body }, commandContextFor(request));
        return view();
      },
    );
  };
}

