import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettingsResponse, SettingsSection, SettingsValues } from '#common/settings.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSettingsKeys } from './keys.ts';

/** PATCH /api/admin/settings/sections/{section}: some fields of one section; answers with the saved section. */
export const saveSettingsSection = <S extends SettingsSection>(section: S, patch: Partial<SettingsValues[S]>) =>
  apiRequest<{ section: S; value: SettingsValues[S] }>('PATCH', `/api/admin/settings/sections/${section}`, { body: patch });

export function useSaveSettingsSection<S extends SettingsSection>(section: S) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<SettingsValues[S]>) => saveSettingsSection(section, patch),
    onSuccess: ({ value }) => {
      qc.setQueryData<AdminSettingsResponse>(adminSettingsKeys.all, (old) =>
        old ? { ...old, sections: { ...old.sections, [section]: value } } : old,
      );
    },
  });
}
