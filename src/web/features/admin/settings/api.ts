import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThemeName } from '../../../../shared/constants/themes';
import type { AboutBody, AboutSettingsResponse } from '../../../../shared/schemas/about';
import type { SettingsBody, SettingsResponse } from '../../../../shared/schemas/settings';
import { apiRequest } from '../../../lib/api-client';
import { getCurrentOrganization, setCurrentOrganization } from '../../../lib/current-organization';
import { refreshQueries } from '../../../lib/refresh';

/** The settings of one monitor: the key carries its id, since the administrator may switch monitors. */
const settingsKey = (organizationId: string) => ['admin', 'settings', organizationId] as const;

export const settingsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: settingsKey(organizationId),
    queryFn: ({ signal }) => apiRequest<SettingsResponse>('/api/settings/load-settings', { signal }),
    staleTime: 0,
  });

export function useSettings(organizationId: string) {
  return useQuery({ ...settingsQuery(organizationId), select: (response) => response.data });
}

/**
 * Every change answers with the new settings: they replace the cached ones, the public list of
 * monitors is read again (the sidebar colour, the cover) and the browser's stored choice takes
 * the new theme and rounding flag, so this page and the public site follow at once.
 */
function useSettingsMutation<T>(organizationId: string, send: (input: T) => Promise<SettingsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      queryClient.setQueryData(settingsKey(organizationId), response);
      void refreshQueries(queryClient, ['organizations']);
      const stored = getCurrentOrganization();
      const { theme, round } = response.data;
      if (stored?.id === organizationId && (stored.theme !== theme || stored.round !== round)) {
        setCurrentOrganization({ ...stored, theme, round });
      }
    },
  });
}

export const useChangeSettings = (organizationId: string) =>
  useSettingsMutation(organizationId, (body: SettingsBody) =>
    apiRequest<SettingsResponse>('/api/settings/change-settings', { method: 'POST', body }),
  );

export const useChangeTheme = (organizationId: string) =>
  useSettingsMutation(organizationId, (theme: ThemeName) =>
    apiRequest<SettingsResponse>('/api/settings/change-theme', { method: 'POST', body: { theme } }),
  );

export const useChangeCover = (organizationId: string) =>
  useSettingsMutation(organizationId, (file: File) => {
    const form = new FormData();
    form.append('cover', file);
    return apiRequest<SettingsResponse>('/api/settings/change-cover', { method: 'POST', form });
  });

const aboutKey = ['admin', 'settings', 'about'] as const;

/** The association's texts (installation-wide; GENERAL administrators only). */
export const aboutSettingsQuery = () =>
  queryOptions({
    queryKey: aboutKey,
    queryFn: ({ signal }) => apiRequest<AboutSettingsResponse>('/api/settings/load-about', { signal }),
    staleTime: 0,
  });

export function useAboutSettings(enabled: boolean) {
  return useQuery({ ...aboutSettingsQuery(), select: (response) => response.data, enabled });
}

/** Saves them; the public About, Privacy and sign-in pages read them again. */
export function useChangeAbout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AboutBody) =>
      apiRequest<AboutSettingsResponse>('/api/settings/change-about', { method: 'POST', body }),
    onSuccess: (response) => {
      queryClient.setQueryData(aboutKey, response);
      void refreshQueries(queryClient, ['about']);
    },
  });
}
