/**
 * The signed-in frame around every feature's pages: a skip link, the side navigation (built from
 * the features' `nav` entries; a menu button below 1024 px), who is signed in with sign-out and
 * sign-out-everywhere, and `<main>` with the page. Escape closes the menu, back on its button. After a move to another page, focus goes to the
 * page's `h1`, so screen readers start there.
 */
import { useMutation } from '@tanstack/react-query';
import { staffMutations } from '@vitrine/sdk/react';
import { Alert, Button, buttonClass } from '@vitrine/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { accountUrls } from '../features/account/urls.ts';
import { authUrls } from '../features/auth/urls.ts';
import { errorMessage } from './errors.ts';
import type { Feature } from './feature.ts';
import { useHttp } from './http.tsx';
import { useSession } from './session.tsx';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-lg px-3 font-medium ${isActive ? 'bg-accent/10 text-accent' : 'hover:bg-hover'}`;

export function Shell({ features }: { features: readonly Feature[] }) {
  const { staff } = useSession();
  const http = useHttp();
  const navigate = useNavigate();
  const location = useLocation();
  // The menu (below 1024 px) is open on the page where it was opened: moving to another closes it.
  const [menuOn, setMenuOn] = useState<string | null>(null);
  const menuOpen = menuOn === location.pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const logout = useMutation(staffMutations.logout(http));
  const entries = features
    .flatMap((f) => f.nav ?? [])
    .filter((e) => !e.roles || e.roles.includes(staff.role))
    .sort((a, b) => a.order - b.order);

  // A new page: start screen readers (and the keyboard) at its heading.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [location.pathname]);

  // Escape closes the open menu (a dialog above it takes its own Escape first) and puts the
  // keyboard back on the Menu button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      setMenuOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const signOut = (everywhere: boolean) =>
    logout.mutate(
      { everywhere },
      { onSuccess: () => void navigate(authUrls.login.href(), { replace: true }) },
    );

  return (
    <div className="min-h-dvh lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 print:hidden"
      >
        Skip to content
      </a>
      <header className="border-b border-line bg-surface print:hidden lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-60 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-2 px-4 py-3">
          <Link to="/" className="text-lg font-semibold tracking-tight">
            Vitrine <span className="font-normal text-muted">dashboard</span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className={`${buttonClass('secondary', 'sm')} lg:hidden`}
            aria-expanded={menuOpen}
            aria-controls="dashboard-menu"
            onClick={() => setMenuOn(menuOpen ? null : location.pathname)}
          >
            Menu
          </button>
        </div>
        <div
          id="dashboard-menu"
          className={`${menuOpen ? 'flex' : 'hidden'} flex-col gap-4 px-2 pb-4 lg:flex lg:flex-1 lg:overflow-y-auto`}
        >
          <nav aria-label="Dashboard">
            <ul className="space-y-1">
              {entries.map((e) => (
                <li key={e.to}>
                  <NavLink to={e.to} end={e.to === '/'} className={navLinkClass}>
                    {e.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-label="Your account" className="mt-auto border-t border-line px-2 pt-4">
            <p className="font-medium break-words">
              <NavLink
                to={accountUrls.account.href()}
                className={({ isActive }) =>
                  `underline-offset-2 hover:underline ${isActive ? 'text-accent underline' : ''}`
                }
                aria-label={`Your account: ${staff.name}`}
              >
                {staff.name}
              </NavLink>
            </p>
            <p className="text-sm break-words text-muted">
              {staff.email} · {staff.role === 'OWNER' ? 'Owner' : 'Contributor'}
            </p>
            <Alert className="mt-2">{errorMessage(logout.error)}</Alert>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                busy={logout.isPending && !logout.variables?.everywhere}
                onClick={() => signOut(false)}
              >
                Sign out
              </Button>
              <Button
                variant="ghost"
                size="sm"
                busy={logout.isPending && !!logout.variables?.everywhere}
                onClick={() => signOut(true)}
              >
                Sign out everywhere
              </Button>
            </div>
          </section>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-6 lg:px-8 print:p-0"
      >
        <div className="mx-auto max-w-6xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
