import { useQuery } from '@tanstack/react-query';
import { itemCount } from '@vitrine/sdk';
import { currentCart } from '../cart.ts';
import { Suspense, type FormEvent } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageErrorBoundary } from './error-boundary.tsx';
import { useEnv, useLoggedIn } from '../env.tsx';
import { CartDrawerProvider, preloadCartDrawer, useCartDrawer } from './cart-drawer.tsx';
import { Button, buttonClass, controlClass, Loading } from '@vitrine/ui';

function CartButton() {
  const { http } = useEnv();
  const drawer = useCartDrawer();
  const cart = useQuery(currentCart(http));
  const n = itemCount(cart.data);
  return (
    <button
      type="button"
      onClick={drawer.open}
      onPointerEnter={preloadCartDrawer}
      onFocus={preloadCartDrawer}
      className={`relative ${buttonClass('ghost')} max-sm:px-2`}
      aria-haspopup="dialog"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 7h12l-1 13H7L6 7Zm3 0a3 3 0 0 1 6 0" />
      </svg>
      {/* Icons alone on a phone, so the header keeps to one row above the search. */}
      <span className="sr-only sm:not-sr-only">Cart</span>
      <span
        className="rounded-full bg-indigo-700 px-2 text-sm text-white"
        aria-label={`${n} ${n === 1 ? 'item' : 'items'}`}
      >
        {n}
      </span>
    </button>
  );
}

function Header() {
  const { storeName } = useEnv();
  const loggedIn = useLoggedIn();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/shop?q=${encodeURIComponent(q)}` : '/shop');
  };
  const link = ({ isActive }: { isActive: boolean }) =>
    `${buttonClass('ghost')} max-sm:px-2 ${isActive ? 'underline underline-offset-4' : ''}`;
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2">
        {/* One row on any phone (320 px too): a long store name is cut short, never wrapped. */}
        <div className="flex min-w-0 flex-1 items-center gap-x-2">
          <Link
            to="/"
            className="mr-1 min-w-0 truncate text-base font-bold tracking-tight sm:mr-2 sm:text-xl"
          >
            {storeName}
          </Link>
          <nav aria-label="Main" className="flex shrink-0 items-center">
            <NavLink to="/shop" className={link} end>
              Shop
            </NavLink>
            <NavLink to={loggedIn ? '/account' : '/login'} className={link}>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5 sm:hidden"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0" />
              </svg>
              <span className="sr-only sm:not-sr-only">{loggedIn ? 'Account' : 'Sign in'}</span>
            </NavLink>
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-2">
            <CartButton />
          </div>
        </div>
        <form
          role="search"
          method="get"
          action="/shop"
          onSubmit={onSearch}
          className="order-last flex w-full gap-2 sm:order-none sm:w-auto"
        >
          <label htmlFor="site-search" className="sr-only">
            Search products
          </label>
          <input
            id="site-search"
            name="q"
            type="search"
            defaultValue={search.get('q') ?? ''}
            placeholder="Search products"
            className={`${controlClass} sm:w-56`}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </div>
    </header>
  );
}

export function Layout() {
  const location = useLocation();
  const { storeName } = useEnv();
  return (
    <CartDrawerProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="mx-auto min-h-[60vh] max-w-6xl px-4 py-8">
        <PageErrorBoundary resetKey={location.pathname + location.search}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-stone-700">
          <p>© {storeName}. Shipping and tax are estimated in the cart and settled at checkout.</p>
        </div>
      </footer>
    </CartDrawerProvider>
  );
}
