import { useEffect, useRef, type MouseEvent } from 'react';

/**
 * A native <dialog> shown as a modal while `open` (the browser traps focus, closes it on Escape
 * and returns focus to what opened it). Spread the props on the <dialog>: its own close (Escape,
 * or the close() when `open` turns false) calls `onClose`. With `closeOnBackdropClick`, a click
 * on the backdrop closes it too: such a click lands on the <dialog> itself, outside its panel.
 */
export function useModalDialog(open: boolean, onClose: () => void, { closeOnBackdropClick = false } = {}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return {
    ref,
    onClose,
    onClick: closeOnBackdropClick
      ? (event: MouseEvent<HTMLDialogElement>) => {
          if (event.target === ref.current) onClose();
        }
      : undefined,
  };
}
