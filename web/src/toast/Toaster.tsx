import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Toast {
  title: string;
  description?: string;
  /** Destructive toasts report a failure and are read out at once (role="alert"). */
  variant?: 'default' | 'destructive';
}

/** One toast at a time, shown for five seconds (spec 000 §9). */
export const TOAST_DURATION_MS = 5_000;

interface ShownToast extends Toast {
  id: number;
}

const ToastContext = createContext<((toast: Toast) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toast, setToast] = useState<ShownToast | null>(null);
  const show = useCallback((next: Toast) => setToast({ ...next, id: Date.now() }), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const value = useMemo(() => show, [show]);
  const destructive = toast?.variant === 'destructive';
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-viewport" role={destructive ? 'alert' : 'status'} aria-live={destructive ? 'assertive' : 'polite'}>
        {toast && (
          <div key={toast.id} className={`toast${destructive ? ' toast--destructive' : ''}`} data-testid="toast">
            <div className="toast__text">
              <p className="toast__title">{toast.title}</p>
              {toast.description && <p className="toast__description">{toast.description}</p>}
            </div>
            <button type="button" className="toast__close" onClick={() => setToast(null)} aria-label={t('app.close')}>
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: Toast) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
