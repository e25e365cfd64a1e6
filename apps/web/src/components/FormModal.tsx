import type { ModalProps } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useUnsavedChangesGuard } from '../hooks/useUnsavedChangesGuard';
import { AppModal } from './AppModal';

/** How a form inside a FormModal says whether it holds unsaved changes, and that it saved them. */
const DirtyContext = createContext<{ report: (dirty: boolean) => void; release: () => void } | null>(null);

/**
 * A dialog holding a form: closing it (×, Escape, a click outside), leaving the page or closing
 * the tab while the form reports unsaved changes asks first. The form calls `useReportDirty`.
 */
export function FormModal(props: Omit<ModalProps, 'children'> & { children: ReactNode }) {
  // Mounted only while open: a router allows one blocker at a time, and a closed dialog guards nothing.
  return props.opened ? <OpenFormModal {...props} /> : null;
}

function OpenFormModal({
  onClose,
  children,
  ...props
}: Omit<ModalProps, 'children'> & { children: ReactNode }) {
  const [dirty, setDirty] = useState(false);
  const { prompt, confirmDiscard, release } = useUnsavedChangesGuard(dirty);
  const context = useMemo(() => ({ report: setDirty, release }), [release]);
  return (
    <>
      <AppModal {...props} onClose={() => confirmDiscard(onClose)}>
        <DirtyContext.Provider value={context}>{children}</DirtyContext.Provider>
      </AppModal>
      {prompt}
    </>
  );
}

/**
 * Tells the surrounding FormModal (if any) whether this form holds unsaved changes. Returns
 * `saved`, to call once the changes are stored and before closing or moving on.
 */
export function useReportDirty(dirty: boolean): () => void {
  const context = useContext(DirtyContext);
  const report = context?.report;
  useEffect(() => {
    report?.(dirty);
  }, [report, dirty]);
  useEffect(() => () => report?.(false), [report]);
  return context?.release ?? noop;
}

function noop() {}
