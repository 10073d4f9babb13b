import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import {
  fillPath,
  LAYOUTS,
  REDIRECTS,
  ROUTES,
  type LayoutName,
  type PageRoute,
  type RouteName,
} from '../config/paths.ts';
import { setNavigator } from '../lib/api-client.ts';
import { authenticatedOnly, entryByLink, publicOnly, selectAccountOnly } from './access.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorPage } from './routes/errors/route-error-page.tsx';

type Lazy = () => Promise<{ Component: React.ComponentType }>;
// Pages and layouts load on demand (route-level code splitting); each module exports `Component`.
const PAGE_MODULES = import.meta.glob<{ Component: React.ComponentType }>([
  './routes/*/*-page.tsx',
  // The error pages the router draws itself.
  '!./routes/errors/*-error-page.tsx',
]);
const LAYOUT_MODULES = import.meta.glob<{ Component: React.ComponentType }>([
  './layouts/*-layout.tsx',
  '!./layouts/root-layout.tsx',
]);

const ACCESS: Record<LayoutName, LoaderFunction> = {
  public: publicOnly,
  selectAccount: selectAccountOnly,
  app: authenticatedOnly,
  // The console's rules load with the console (its session's code is none of the publisher pages').
  consolePublic: (args) => import('./console-access.ts').then((m) => m.consoleSignedOutOnly(args)),
  console: () => import('./console-access.ts').then((m) => m.consoleSignedInOnly()),
};

function load(modules: Record<string, Lazy>, file: string): Lazy {
  const module = modules[file];
  if (!module) throw new Error(`route table names ${file}, which does not exist`);
  return module;
}

const entries = Object.entries(ROUTES) as [RouteName, PageRoute][];
const pageRoute = ({ path, page }: PageRoute): RouteObject => ({
  path,
  lazy: load(PAGE_MODULES, `./routes/${page}.tsx`),
});
const redirects = (layout: LayoutName): RouteObject[] =>
  REDIRECTS.filter((r) => ROUTES[r.to].layout === layout).map((r) => ({
    path: r.path,
    loader: ({ params }) => redirect(fillPath(ROUTES[r.to].path, { ...ROUTES[r.to].defaults, ...params })),
  }));

/** The router's routes, from the route table (config/paths.ts): each layout with its pages. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...(Object.keys(LAYOUTS) as LayoutName[]).map((layout): RouteObject => ({
        loader: ACCESS[layout],
        lazy: load(LAYOUT_MODULES, `./layouts/${LAYOUTS[layout].module}.tsx`),
        children: [
          ...entries.filter(([, r]) => r.layout === layout).map(([, r]) => pageRoute(r)),
          ...redirects(layout),
        ],
      })),
      // Outside every layout: the not-found page; an entry link is taken first here too.
      ...entries.filter(([, r]) => r.layout === null).map(([, r]) => ({ ...pageRoute(r), loader: entryByLink })),
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to) => {
    void router.navigate(to);
  });
  return router;
}
