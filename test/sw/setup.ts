// The service worker's global scope as the Workbox modules expect it when they load.
Object.assign(globalThis, { self: globalThis, __WB_DISABLE_DEV_LOGS: true });
