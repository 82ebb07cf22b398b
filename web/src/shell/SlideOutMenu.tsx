import type { ReactNode } from 'react';
import { useModalDialog } from './useModalDialog.js';

interface SlideOutMenuProps {
  open: boolean;
  onClose(): void;
  /** The CSS block: the dialog gets it, its panel `<block>__panel`, the close button `<block>__close`. */
  block: string;
  label: string;
  closeLabel: string;
  children: ReactNode;
}

/**
 * The navigation of a narrow screen as a modal dialog: a panel with a close button above what
 * each menu lists. Escape, the close button or the backdrop closes it; focus returns to the menu button.
 */
export function SlideOutMenu({ open, onClose, block, label, closeLabel, children }: SlideOutMenuProps) {
  const dialogProps = useModalDialog(open, onClose, { closeOnBackdropClick: true });
  return (
    <dialog {...dialogProps} className={block} aria-label={label}>
      <div className={`${block}__panel`}>
        <button type="button" className={`button button--ghost ${block}__close`} onClick={onClose} aria-label={closeLabel}>
          ×
        </button>
        {children}
      </div>
    </dialog>
  );
}
