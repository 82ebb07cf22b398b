import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '../../api/http.js';
import type { PlatformSettingsView } from '../../../../contract/admin.js';
import type { PlatformSettings } from '../../../../domain/platformSettings/settings.js';

export type { PlatformSettings };

/** GET /api/admin/settings (contract/admin.ts PlatformSettingsView). */
export type SettingsView = PlatformSettingsView;

const settingsKey = ['admin', 'settings'] as const;

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsKey, queryFn: () => getJson<SettingsView>('/api/admin/settings') });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<PlatformSettings>) => requestJson<SettingsView>('PUT', '/api/admin/settings', changes),
    onSuccess: (view) => {
      queryClient.setQueryData(settingsKey, view);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'activity'] });
    },
  });
}
