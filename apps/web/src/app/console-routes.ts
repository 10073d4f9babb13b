/**
 * The operator console's part of the router (docs/operator-console.md): its access rules and the
 * loaders of its layouts and pages. The router loads this one file the first time a console address
 * is opened, so the publisher pages' entry carries one lazy import for the whole console, not one
 * per console page (app/router.tsx). The console's layouts are `layouts/console-*.tsx` and its pages
 * `routes/admin/*-page.tsx`, as the route table names them (config/paths.ts).
 */
export { consoleSignedInOnly, consoleSignedOutOnly } from './console-access.ts';

type Lazy = () => Promise<{ Component: React.ComponentType }>;
const MODULES: Record<string, Lazy> = {
  ...import.meta.glob<{ Component: React.ComponentType }>('./layouts/console-*layout.tsx'),
  ...import.meta.glob<{ Component: React.ComponentType }>('./routes/admin/*-page.tsx'),
};

/** A console layout's or page's module (`./layouts/….tsx`, `./routes/admin/….tsx`), loaded. */
export function loadConsoleModule(file: string): ReturnType<Lazy> {
  const module = MODULES[file];
  if (!module) throw new Error(`route table names ${file}, which does not exist in the console`);
  return module();
}
