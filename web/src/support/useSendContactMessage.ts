import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postJson, serverMessageOr } from '../api/http.js';
import { useToast } from '../toast/Toaster.js';
import { contactRequestBody, type ContactMessage } from './contactForm.js';

/** Sends the contact form; toasts say whether it arrived (spec 001 §8). */
export function useSendContactMessage() {
  const { t } = useTranslation();
  const toast = useToast();
  return useMutation({
    mutationFn: (form: ContactMessage) => postJson<unknown>('/api/support/contact', contactRequestBody(form)),
    onSuccess: () => toast({ title: t('support.contact.sent'), description: t('support.contact.sentBody') }),
    onError: (error) =>
      toast({ title: t('support.contact.failed'), description: serverMessageOr(error, t('support.contact.failedBody')), variant: 'destructive' }),
  });
}
