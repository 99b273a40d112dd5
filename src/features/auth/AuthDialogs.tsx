'use client';

import dynamic from 'next/dynamic';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export type DialogKind = 'login' | 'register' | 'forgot' | 'loginLink';
type Dialogs = { open: (kind: DialogKind) => void };

const DialogContext = createContext<Dialogs>({ open: () => {} });

// antd and its CSS load only when a dialog is first opened.
const AuthModals = dynamic(() => import('./dialogs/AuthModals'), { ssr: false });

/** Login, register and forgot-password dialogs (dialogs over the current page, not pages of their own), opened with useAuthDialog(). */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [kind, setKind] = useState<DialogKind | null>(null);
  const [loaded, setLoaded] = useState(false);
  const value = useMemo<Dialogs>(
    () => ({
      open: (next) => {
        setLoaded(true);
        setKind(next);
      },
    }),
    [],
  );
  return (
    <DialogContext.Provider value={value}>
      {children}
      {loaded && <AuthModals kind={kind} onChange={setKind} />}
    </DialogContext.Provider>
  );
}

export const useAuthDialog = () => useContext(DialogContext);
