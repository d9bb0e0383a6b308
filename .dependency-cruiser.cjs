// The import rules of the house, checked by `pnpm lint` (depcruise): no circles, production code
// never reaches test code or a devDependency, and each layer imports only the layers below it.
// docs/ARCHITECTURE.md draws the layers.
const src = '^(apps|packages)/[^/]+/src/';
const api = '^packages/api/src/';
const apiEntry = `${api}(index|root|create-deps)[.]ts$`;
const apiTrpc = `${api}(trpc|context)[.]ts$`;
/** Which domains each domain may use (docs/ARCHITECTURE.md). */
const domainsBelow = {
  users: [],
  notifications: [],
  problems: [],
  games: ['problems', 'users'],
  reputation: ['users'],
  audit: [],
  questions: ['notifications', 'reputation', 'audit'],
  messaging: ['notifications'],
  moderation: ['questions', 'audit'],
};
const server = '^apps/server/src/';
const serverTop = `${server}(app|http-handler|main|run|binary)[.]ts$`;
const testFile = '([.](test|spec)[.][cm]?[jt]sx?$|/test-support/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other cannot be read, tested or moved on their own.',
      from: { path: src },
      to: { circular: true },
    },
    {
      name: 'src-not-to-test',
      severity: 'error',
      comment: 'Production code does not import tests or their helpers.',
      from: { path: src, pathNot: testFile },
      to: { path: [testFile, '^(apps|packages)/[^/]+/test/'] },
    },
    {
      name: 'src-not-to-dev-dep',
      severity: 'error',
      comment: 'A devDependency is not installed where the product runs.',
      from: { path: src, pathNot: testFile },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    // packages/api: core <- events <- domains <- read-cache <- the entry files (trpc.ts and
    // context.ts sit under the domains, whose routers build on them).
    {
      name: 'api-core-is-the-ground',
      severity: 'error',
      from: { path: `${api}core/` },
      to: { path: `${api}(events|domains|read-cache)/|${apiEntry}|${apiTrpc}` },
    },
    {
      name: 'api-events-under-domains',
      severity: 'error',
      from: { path: `${api}events/` },
      to: { path: `${api}(domains|read-cache)/|${apiEntry}|${apiTrpc}` },
    },
    {
      name: 'api-trpc-under-domains',
      severity: 'error',
      from: { path: apiTrpc },
      to: { path: `${api}(domains|read-cache)/|${apiEntry}` },
    },
    {
      name: 'api-domains-under-read-cache',
      severity: 'error',
      comment: 'A domain reads the cache through ApiDeps, never by importing it.',
      from: { path: `${api}domains/` },
      to: { path: `${api}read-cache/|${apiEntry}` },
    },
    {
      name: 'api-read-cache-under-entry',
      severity: 'error',
      from: { path: `${api}read-cache/` },
      to: { path: apiEntry },
    },
    ...Object.entries(domainsBelow).map(([domain, below]) => ({
      name: `api-${domain}-uses-only-${below.join('-') || 'no'}-domains`,
      severity: 'error',
      comment: 'Domains form layers too: one uses another only from above.',
      from: { path: `${api}domains/${domain}/` },
      to: {
        path: `${api}domains/`,
        pathNot: `${api}domains/(${[domain, ...below].join('|')})/`,
      },
    })),
    // apps/server: ops <- http <- trpc, legacy <- the composition (app.ts, http-handler.ts, main.ts).
    {
      name: 'server-ops-is-the-ground',
      severity: 'error',
      from: { path: `${server}ops/` },
      to: { path: `${server}(http|trpc|legacy)/|${serverTop}` },
    },
    {
      name: 'server-http-under-doors',
      severity: 'error',
      from: { path: `${server}http/` },
      to: { path: `${server}(trpc|legacy)/|${serverTop}` },
    },
    {
      name: 'server-doors-apart',
      severity: 'error',
      comment: "tRPC's door and the original client's doors share http/ and ops/, not each other.",
      from: { path: `${server}trpc/` },
      to: { path: `${server}legacy/|${serverTop}` },
    },
    {
      name: 'server-legacy-apart',
      severity: 'error',
      from: { path: `${server}legacy/` },
      to: { path: `${server}trpc/|${serverTop}` },
    },
    // The web app: features stand on shared/, layout/ on the features, the app shell on all.
    {
      name: 'web-shared-not-up',
      severity: 'error',
      comment: 'shared/ serves every feature, so it knows none of them.',
      from: { path: '^apps/web/src/shared/' },
      to: {
        path: ['^apps/web/src/(features|layout)/', '^apps/web/src/(trpc|routes|App|main)[.]tsx?$'],
      },
    },
    {
      name: 'web-feature-not-to-layout',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: ['^apps/web/src/layout/', '^apps/web/src/(routes|App|main)[.]tsx?$'] },
    },
    {
      name: 'web-feature-not-to-other-feature',
      severity: 'error',
      comment:
        "A feature uses another only through the few files it lends (a game picks a problem and shows its tests' results; users lend their reputations to pages that show authors; moderation lends the viewer's own flags to their profile).",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: [
          '^apps/web/src/features/$1/',
          '^apps/web/src/features/problems/(ProblemPicker|TestResultsPanel)[.]tsx$',
          '^apps/web/src/features/problems/(problemTypes|testResults)[.]ts$',
          '^apps/web/src/features/users/reputations[.]ts$',
          '^apps/web/src/features/moderation/MyFlags[.]tsx$',
        ],
      },
    },
    {
      name: 'web-no-server-code',
      severity: 'error',
      comment: 'The browser gets the API types only.',
      from: { path: '^apps/web/' },
      to: {
        path: ['^apps/server/', '^packages/(api|db|sandbox|seed)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^[^/]+/[^/]+/(dist|dist-test|coverage)/', '^(dist|coverage)/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
