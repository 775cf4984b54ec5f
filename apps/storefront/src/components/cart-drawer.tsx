import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Loading } from './ui.tsx';

const CartView = lazy(() => import('./cart-view.tsx').then((m) => ({ default: m.CartView })));

interface DrawerApi { open(): void; close(): void }
const DrawerContext = createContext<DrawerApi>({ open: () => {}, close: () => {} });
export const useCartDrawer = () => useContext(DrawerContext);

/**
 * The cart as a side drawer: a modal <dialog> (focus moves in and is kept there, Escape
 * closes it, focus returns to the opener). Its content is its own chunk, loaded when opened.
 */
export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [isOpen, setOpen] = useState(false);
  const location = useLocation();
  const close = useCallback(() => ref.current?.close(), []);
  const open = useCallback(() => {
    if (!ref.current?.open) ref.current?.showModal();
    setOpen(true);
  }, []);
  // Following a link inside the drawer closes it.
  useEffect(() => { close(); }, [location.pathname, close]);
  const api = useMemo(() => ({ open, close }), [open, close]);
  return (
    <DrawerContext.Provider value={api}>
      {children}
      <dialog
        ref={ref}
        aria-labelledby="cart-drawer-title"
        onClose={() => setOpen(false)}
        onClick={(e) => { if (e.target === e.currentTarget) close(); }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-md bg-white p-0 shadow-xl"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <h2 id="cart-drawer-title" className="text-lg font-semibold">Your cart</h2>
            <button type="button" onClick={close} className="min-h-11 min-w-11 rounded-lg px-3 text-stone-800 hover:bg-stone-100" aria-label="Close cart">✕</button>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">
            {isOpen && <Suspense fallback={<Loading />}><CartView compact /></Suspense>}
          </div>
        </div>
      </dialog>
    </DrawerContext.Provider>
  );
}
