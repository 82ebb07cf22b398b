import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { requestJson } from '../api/http.js';
import { languageByCode, type LanguageCode } from '../i18n/languages.js';
import { currentLanguage, switchLanguage } from '../i18n/setup.js';
import { currentUserQueryKey, useCurrentUser, type CurrentUser } from '../session/currentUser.js';
import { useToast } from '../toast/Toaster.js';

/**
 * Changes the interface language: loads it, switches, and — for a signed-in user — saves it as
 * their preferred language so that it follows them to other devices. Toasts say how it went
 * (spec 000 §8).
 */
export function useLanguageChange() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useMutation({
    mutationFn: async (code: LanguageCode) => {
      await switchLanguage(code);
      if (user && user.preferredLanguage !== code) {
        const saved = await requestJson<CurrentUser>('PATCH', '/api/auth/preferences', { preferredLanguage: code });
        queryClient.setQueryData(currentUserQueryKey, saved);
      }
      return code;
    },
    onSuccess: (code) => toast({ title: t('languages.languageChanged', { language: languageByCode(code).nativeName }) }),
    onError: (error) => {
      console.error('Language change failed', error);
      toast({ title: t('app.error'), description: t('languages.languageChangeError'), variant: 'destructive' });
    },
  });
}

/**
 * When someone signs in whose preferred language differs from the one on screen, switch to
 * theirs (spec 000 §4.1). Once per signed-in user, so a later change on this device sticks.
 */
export function useFollowPreferredLanguage() {
  const { data: user } = useCurrentUser();
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!user || followed.current === user.id) return;
    followed.current = user.id;
    if (user.preferredLanguage !== currentLanguage()) {
      switchLanguage(user.preferredLanguage).catch((error: unknown) => console.error('Could not switch to the preferred language', error));
    }
  }, [user]);
}
