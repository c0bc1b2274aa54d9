import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Link,
  Outlet,
  redirect,
  replace,
  useLocation,
  useParams,
  useSearchParams,
  type RouteObject,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createLightMemoryRouter, LightRouterProvider, useRouteError } from './light-router.tsx';

// The app's router (light-router.tsx): what it keeps of a data router. The route table itself is tested under it in
// router.test.tsx.

function ErrorScreen() {
  const error = useRouteError();
  return <p>failed: {error instanceof Error ? error.message : String(error)}</p>;
}

function Where() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <p data-testid="where">{location.pathname + location.search}</p>
      <button type="button" onClick={() => setParams({ page: String(Number(params.get('page') ?? '1') + 1) })}>
        next page
      </button>
    </div>
  );
}

function Account() {
  const { id } = useParams();
  return <h1>account {id}</h1>;
}

/** The position in a memory history (the number of entries before the current one). */
function historyIndex(router: { history: unknown }): number {
  return (router.history as { index: number }).index;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function routes(extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      element: (
        <main>
          <Link to="/list?page=1">list</Link>
          <Outlet />
        </main>
      ),
      errorElement: <ErrorScreen />,
      hydrateFallbackElement: <p>starting</p>,
      children: [
        { path: '/', element: <h1>home</h1> },
        { path: '/list', element: <Where /> },
        { path: '/accounts/:id', lazy: () => Promise.resolve({ Component: Account }) },
        {
          path: '/old',
          loader: () => {
            throw redirect('/list?page=3');
          },
        },
        ...extra,
      ],
    },
  ];
}

describe('the light router', () => {
  it('shows the hydrate fallback until the first route is loaded, then the screen; loaders redirect', async () => {
    const router = createLightMemoryRouter(routes(), { initialEntries: ['/old'] });
    render(<LightRouterProvider router={router} />);
    expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/list?page=3');
    expect(router.history.location.pathname).toBe('/list');
    expect(historyIndex(router)).toBe(0);
  });

  it('keeps the current screen while the next one loads, and follows links, params and the back button', async () => {
    const screenCode = deferred<{ Component: () => React.ReactNode }>();
    const router = createLightMemoryRouter(routes([{ path: '/slow', lazy: () => screenCode.promise }]));
    render(<LightRouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'home' })).toBeTruthy();

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = router.navigate('/slow');
    });
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.getByRole('heading', { name: 'home' })).toBeTruthy();
    await act(async () => {
      screenCode.resolve({ Component: () => <h1>slow screen</h1> });
      await done;
    });
    expect(screen.getByRole('heading', { name: 'slow screen' })).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'list' }));
    expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/list?page=1');
    await userEvent.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/list?page=2'));
    await act(() => router.navigate('/accounts/42'));
    expect(screen.getByRole('heading', { name: 'account 42' })).toBeTruthy();

    act(() => router.history.go(-1));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/list?page=2'));
    expect(router.state.location.pathname).toBe('/list');
  });

  it('a refusal that replaces with the current address keeps the screen and the history', async () => {
    const guard = vi.fn(() => {
      throw replace('/list?page=1');
    });
    const router = createLightMemoryRouter(routes([{ path: '/refused', loader: guard, element: <h1>refused</h1> }]), {
      initialEntries: ['/list?page=1'],
    });
    render(<LightRouterProvider router={router} />);
    expect(await screen.findByTestId('where')).toBeTruthy();
    await act(() => router.navigate('/refused'));
    expect(guard).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'refused' })).toBeNull();
    expect(router.state.location.pathname).toBe('/list');
    expect(historyIndex(router)).toBe(0);
  });

  it("shows the root's error element when a screen's code fails to load or its render throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): React.ReactNode {
      throw new Error('render broke');
    }
    const router = createLightMemoryRouter(
      routes([
        { path: '/missing', lazy: () => Promise.reject(new Error('chunk missing')) },
        { path: '/broken', element: <Broken /> },
      ]),
    );
    render(<LightRouterProvider router={router} />);
    await act(() => router.navigate('/missing'));
    expect(screen.getByText('failed: chunk missing')).toBeTruthy();
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { name: 'home' })).toBeTruthy();
    await act(() => router.navigate('/broken'));
    expect(screen.getByText('failed: render broke')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
