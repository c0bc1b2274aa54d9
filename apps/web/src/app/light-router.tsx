import {
  Component,
  createContext,
  createElement,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  createPath,
  matchRoutes,
  Outlet,
  parsePath,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  useRoutes,
  type LoaderFunctionArgs,
  type Location,
  type Navigator,
  type NavigationType,
  type Path,
  type RouteObject,
  type To,
} from 'react-router';

// The app's router: react-router's declarative core (Router, useRoutes, its hooks and Link) driven by the same route
// objects a data router takes (app/router.tsx buildRoutes: path, loader, lazy, children, element, errorElement,
// hydrateFallbackElement), without the data router (≈ 16 KB gzip of the first download; docs/architecture.md,
// "Page weight"). What the app uses of a data router, done here: a navigation runs the matched routes' loaders
// (the route guard; a thrown redirect() or replace() goes on to its target), then loads their lazy modules, and
// only then shows the new location (the old screen stays meanwhile); the first page shows the root's
// hydrateFallbackElement until then; a loader, lazy module or render that fails shows the root's errorElement
// (`useRouteError` of this module gives its error). Screens use react-router's hooks as before (useLocation,
// useNavigate, useSearchParams, useParams, Link, Navigate, Outlet); the data router's own hooks (useLoaderData,
// useNavigation, useBlocker, useFetcher, useMatches) are not available.

export type LightRouterState = {
  /** the location shown */
  location: Location;
  historyAction: NavigationType;
  /** 'loading' while a navigation runs its loaders and loads its screens */
  navigation: { state: 'idle' | 'loading'; location?: Location };
  /** false until the first navigation is done (the hydrate fallback shows meanwhile) */
  initialized: boolean;
  /** what a loader, lazy module or render threw; the root's errorElement shows it */
  error: unknown;
};

export type LightNavigateOptions = { replace?: boolean; state?: unknown };

export type LightRouter = {
  readonly routes: RouteObject[];
  readonly history: History;
  readonly state: LightRouterState;
  navigate: (to: To | number, options?: LightNavigateOptions) => Promise<void>;
  subscribe: (listener: (state: LightRouterState) => void) => () => void;
  dispose: () => void;
};

type History = ReturnType<typeof createBrowserHistory>;
type Lazy = NonNullable<RouteObject['lazy']>;
const MAX_REDIRECTS = 20;

function isRedirect(thrown: unknown): thrown is Response {
  return (
    typeof Response !== 'undefined' &&
    thrown instanceof Response &&
    thrown.status >= 300 &&
    thrown.status < 400 &&
    thrown.headers.has('Location')
  );
}

let keyCounter = 0;
function locationOf(path: Path, state: unknown): Location {
  keyCounter += 1;
  return { ...path, state: state ?? null, key: `${Date.now().toString(36)}${keyCounter}` };
}

function pathOf(to: To): Path {
  const parsed = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: parsed.pathname ?? '/', search: parsed.search ?? '', hash: parsed.hash ?? '' };
}

function createLightRouter(routes: RouteObject[], history: History): LightRouter {
  const listeners = new Set<(state: LightRouterState) => void>();
  /** each route's lazy module, once loaded (merged into the route as a data router does) */
  const loaded = new WeakMap<RouteObject, Promise<void>>();
  let navigationId = 0;
  let state: LightRouterState = {
    location: locationOf(pathOf(history.location), history.location.state),
    historyAction: 'POP' as NavigationType,
    navigation: { state: 'loading' },
    initialized: false,
    error: undefined,
  };

  const setState = (next: Partial<LightRouterState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener(state);
  };

  const loadLazy = (route: RouteObject): Promise<void> => {
    const lazy = route.lazy as Lazy | undefined;
    if (!lazy || typeof lazy !== 'function') return Promise.resolve();
    let pending = loaded.get(route);
    if (!pending) {
      pending = Promise.resolve((lazy as () => Promise<Partial<RouteObject>>)()).then((module) => {
        Object.assign(route, module);
      });
      void pending.catch(() => loaded.delete(route));
      loaded.set(route, pending);
    }
    return pending;
  };

  /** Runs a navigation: loaders, redirects, lazy modules; then shows the location (unless a newer one started). */
  const run = async (target: Path, action: NavigationType, locationState: unknown): Promise<void> => {
    const id = ++navigationId;
    let path = target;
    let historyAction = action;
    let entryState = locationState;
    for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects += 1) {
      const location = locationOf(path, entryState);
      setState({ navigation: { state: 'loading', location } });
      const matches = matchRoutes(routes, location) ?? [];
      try {
        const url = new URL(createPath(path), window.location.origin);
        for (const match of matches) {
          const loader = match.route.loader;
          if (typeof loader === 'function') {
            const args = { request: new Request(url.href), params: match.params, context: undefined };
            await loader(args as unknown as LoaderFunctionArgs);
          }
        }
        await Promise.all(matches.map((match) => loadLazy(match.route)));
      } catch (thrown) {
        if (id !== navigationId) return;
        if (isRedirect(thrown)) {
          path = pathOf(thrown.headers.get('Location')!);
          entryState = undefined;
          // A redirect replaces the entry on the first load, on back/forward and when asked to; otherwise it is
          // the new entry of the navigation.
          historyAction = (
            thrown.headers.has('X-Remix-Replace') || historyAction !== 'PUSH' || !state.initialized ? 'REPLACE' : 'PUSH'
          ) as NavigationType;
          continue;
        }
        console.error('Navigation failed', thrown);
        commit(id, location, historyAction, thrown);
        return;
      }
      commit(id, location, historyAction, undefined);
      return;
    }
    commit(id, locationOf(path, entryState), historyAction, new Error(`Too many redirects at ${createPath(path)}`));
  };

  const commit = (id: number, location: Location, action: NavigationType, error: unknown) => {
    if (id !== navigationId) return;
    if (action === 'PUSH') history.push(location, location.state);
    else if (action === 'REPLACE') history.replace(location, location.state);
    else if (!state.initialized && createPath(history.location) !== createPath(location))
      history.replace(location, location.state);
    setState({ location, historyAction: action, navigation: { state: 'idle' }, initialized: true, error });
  };

  const stopListening = history.listen(({ location }: { location: Location }) => {
    void run(pathOf(location), 'POP' as NavigationType, location.state);
  });

  const router: LightRouter = {
    routes,
    history,
    get state() {
      return state;
    },
    navigate: (to, options = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      // a relative address ('?page=2', 'x') is read against the location shown, as the browser would
      const base = new URL(createPath(state.location), window.location.origin);
      const url = new URL(typeof to === 'string' ? to : createPath(to), base);
      const path = { pathname: url.pathname, search: url.search, hash: url.hash };
      return run(path, (options.replace ? 'REPLACE' : 'PUSH') as NavigationType, options.state);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => {
      stopListening();
      listeners.clear();
      navigationId += 1;
    },
  };
  void run(pathOf(history.location), 'POP' as NavigationType, history.location.state);
  return router;
}

/** The app's router on the browser's history. */
export function createLightBrowserRouter(routes: RouteObject[]): LightRouter {
  return createLightRouter(routes, createBrowserHistory());
}

/** The same router on a history in memory (tests). */
export function createLightMemoryRouter(
  routes: RouteObject[],
  { initialEntries = ['/'] }: { initialEntries?: string[] } = {},
): LightRouter {
  return createLightRouter(routes, createMemoryHistory({ initialEntries }));
}

const RouteErrorContext = createContext<unknown>(undefined);

/** The error the root's errorElement shows (react-router's useRouteError needs a data router). */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

class RenderErrorBoundary extends Component<
  { fallback: ReactNode; location: Location; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state: { error: unknown; location: Location } = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ): { error: unknown; location: Location } | null {
    // a new location clears a render error
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Screen error', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined
      ? this.props.children
      : createElement(RouteErrorContext.Provider, { value: this.state.error }, this.props.fallback);
  }
}

/** A route's screen once its lazy module is in: its Component or element, else its children (Outlet). */
function RouteContent({ route }: { route: RouteObject }) {
  if (route.Component) return createElement(route.Component);
  if (route.element !== undefined) return route.element;
  return createElement(Outlet);
}

function toRenderRoutes(routes: readonly RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    route.index
      ? { index: true, path: route.path, caseSensitive: route.caseSensitive, element: <RouteContent route={route} /> }
      : {
          path: route.path,
          caseSensitive: route.caseSensitive,
          element: <RouteContent route={route} />,
          children: route.children ? toRenderRoutes(route.children) : undefined,
        },
  );
}

const renderRoutesOf = new WeakMap<LightRouter, RouteObject[]>();

function Routes({ router, location }: { router: LightRouter; location: Location }) {
  let routes = renderRoutesOf.get(router);
  if (!routes) {
    routes = toRenderRoutes(router.routes);
    renderRoutesOf.set(router, routes);
  }
  return useRoutes(routes, location);
}

/** Renders the router's location (react-router's <Router>: its hooks and Link work below). */
export function LightRouterProvider({ router }: { router: LightRouter }) {
  const state = useSyncExternalStore(
    (onChange) => router.subscribe(onChange),
    () => router.state,
    () => router.state,
  );
  const root = router.routes[0];
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: (to) => router.history.createHref(to),
      encodeLocation: (to) => router.history.encodeLocation(to),
      go: (delta) => router.history.go(delta),
      push: (to, locationState) => void router.navigate(to, { state: locationState }),
      replace: (to, locationState) => void router.navigate(to, { replace: true, state: locationState }),
    }),
    [router],
  );
  let content: ReactNode;
  if (!state.initialized) content = root?.hydrateFallbackElement ?? null;
  else if (state.error !== undefined)
    content = createElement(RouteErrorContext.Provider, { value: state.error }, root?.errorElement ?? null);
  else
    content = (
      <RenderErrorBoundary fallback={root?.errorElement ?? null} location={state.location}>
        <Routes router={router} location={state.location} />
      </RenderErrorBoundary>
    );
  return (
    <Router location={state.location} navigationType={state.historyAction} navigator={navigator}>
      {content}
    </Router>
  );
}
