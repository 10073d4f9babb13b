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
  // The console's, through its own file below.
  '!./routes/admin/*',
]);
const LAYOUT_MODULES = import.meta.glob<{ Component: React.ComponentType }>([
  './layouts/*-layout.tsx',
  '!./layouts/root-layout.tsx',
  '!./layouts/console-*',
]);
// The operator console's layouts, pages and access rules: one file, loaded with the first console
// address opened (app/console-routes.ts); its code is none of the publisher pages'.
const consoleRoutes = () => import('./console-routes.ts');
const consoleModule =
  (file: string): Lazy =>
  () =>
    consoleRoutes().then((m) => m.loadConsoleModule(file));

const ACCESS: Record<LayoutName, LoaderFunction> = {
  public: publicOnly,
  selectAccount: selectAccountOnly,
  app: authenticatedOnly,
  consolePublic: (args) => consoleRoutes().then((m) => m.consoleSignedOutOnly(args)),
  console: () => consoleRoutes().then((m) => m.consoleSignedInOnly()),
};

function load(modules: Record<string, Lazy>, file: string): Lazy {
  const module = modules[file];
  if (!module) throw new Error(`route table names ${file}, which does not exist`);
  return module;
}

const entries = Object.entries(ROUTES) as [RouteName, PageRoute][];
const isConsole = (layout: LayoutName | null) => layout !== null && LAYOUTS[layout].console;
const pageRoute = ({ path, page, layout }: PageRoute): RouteObject => ({
  path,
  lazy: isConsole(layout) ? consoleModule(`./routes/${page}.tsx`) : load(PAGE_MODULES, `./routes/${page}.tsx`),
});
const layoutModule = (layout: LayoutName): Lazy => {
  const file = `./layouts/${LAYOUTS[layout].module}.tsx`;
  return isConsole(layout) ? consoleModule(file) : load(LAYOUT_MODULES, file);
};
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
        lazy: layoutModule(layout),
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
