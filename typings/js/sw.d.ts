// The service worker's globals (web/boot/sw.js, tsconfig.sw.json): a service worker's own
// (the webworker library has those of every kind of worker, not its registration), Workbox's
// loader's (runtime/workbox/workbox-sw.js makes `workbox`, whose modules' types are their npm
// packages'), and the list of files to cache, which scripts/build writes in place of
// `self.__WB_MANIFEST`.
declare var registration: ServiceWorkerRegistration;

declare var __WB_MANIFEST: Array<import("workbox-precaching").PrecacheEntry | string>;

declare const workbox: {
  setConfig(config: { modulePathPrefix?: string; debug?: boolean }): void;
  precaching: typeof import("workbox-precaching");
};
