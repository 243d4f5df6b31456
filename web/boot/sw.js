// @ts-check
// Ratscrew's service worker: the whole site, runtime included, is cached on the first visit,
// and every later visit starts from the cache, with or without a network.
//
// scripts/build writes this file to the site's top (so that it controls the whole site) with
// the list of files in place of the manifest placeholder below: each file with a revision made
// of its content.
// A new deploy is a new service worker: it caches the files that changed in the background and
// takes over once every page of the old version is closed (no skipWaiting: an open page never
// gets files of two versions); then the old version's entries are removed.
//
// Workbox is self-hosted (runtime/workbox/, copied from npm by scripts/copy-runtime).
"use strict";

importScripts("runtime/workbox/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "runtime/workbox/", debug: false });

// The runtime's files (14.7 MB, named the same in every version of the site) were downloaded
// by the page a moment before this worker starts: ask the server whether they changed (an
// unchanged file costs a "304 Not Modified", not its bytes) instead of Workbox's default of
// downloading every file again. The site's own files are fetched afresh.
const RUNTIME = new URL("runtime/", self.registration.scope).href;
workbox.precaching.addPlugins([{
  requestWillFetch: async ({ request }) =>
    request.url.startsWith(RUNTIME) && request.cache === "reload"
      ? new Request(request.url, { cache: "no-cache", credentials: "same-origin" })
      : request,
}]);

workbox.precaching.cleanupOutdatedCaches();
// A link's query (?variant=...&seed=...) opens the same cached page: the page reads it.
workbox.precaching.precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
});
