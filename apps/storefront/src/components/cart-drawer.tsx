import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import type CartPanel from './cart-panel.tsx';

// The drawer (Radix Dialog and the cart view) is its own chunk: asked for when the cart button or
// "Add to cart" is pointed at or focused, loaded at the latest when the drawer opens. Once loaded
// it opens in the same render (as a native dialog would: an Escape right after is not lost).
let Loaded: typeof CartPanel | undefined;
const loadPanel = () =>
  import('./cart-panel.tsx').then((m) => {
    Loaded = m.default;
    return m;
  });
const LazyPanel = lazy(loadPanel);
export const preloadCartDrawer = () => {
  void loadPanel();
};

interface DrawerApi {
  open(): void;
  close(): void;
}
const DrawerContext = createContext<DrawerApi>({ open: () => {}, close: () => {} });
export const useCartDrawer = () => useContext(DrawerContext);

/**
 * The cart as a side drawer: a modal dialog (focus moves in and is kept there, Escape closes it,
 * focus returns to what had it: the cart button, or "Add to cart").
 */
export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [path, setPath] = useState(pathname);
  // Following a link inside the drawer closes it (state adjusted while rendering, not in an effect).
  if (pathname !== path) {
    setPath(pathname);
    setOpen(false);
  }
  const close = useCallback(() => setOpen(false), []);
  const open = useCallback(() => setOpen(true), []);
  const api = useMemo(() => ({ open, close }), [open, close]);
  return (
    <DrawerContext.Provider value={api}>
      {children}
      {isOpen &&
        (Loaded ? (
          <Loaded onClose={close} />
        ) : (
          <Suspense>
            <LazyPanel onClose={close} />
          </Suspense>
        ))}
    </DrawerContext.Provider>
  );
}
