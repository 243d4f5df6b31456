// The globals the page's scripts share (tsconfig.json): what web/boot/loader.js and
// web/boot/setup_early.js make for Python (web/boot/main.py, web/shell/) and the browser tests,
// and what the tests set before the page loads.
interface Window {
  /** The page's language and its catalogue (web/boot/i18n.js). */
  ratscrewI18n?: typeof ratscrewI18n;
  /** A key, a click or a touch came: the page may start audio (web/shell/sound.py). */
  ratscrewGestured?: boolean;
  /** Whether the runtime's WebAssembly was compiled as it arrived, or why not. */
  ratscrewWasm?: string;
  /** The loading screen, which Python moves along (web/boot/loader.js). */
  ratscrewBoot?: {
    step(name: string, label?: string): void;
    progress(name: string, fraction: number): void;
    ready(detail?: unknown): void;
    fail(message: unknown): void;
    hide(): void;
    bytes(): [number, number];
  };
  /** How this start's Python began: from a snapshot ("used"), or not (web/boot/pyodide_boot.mjs). */
  ratscrewSnapshot?: string;
  /** The snapshot for later visits: "making", "stored" or "failed: why". */
  ratscrewSnapshotMaking?: string;
  /** The setup screen before Python (web/boot/setup_early.js): Python stops it. */
  ratscrewEarly?: { stop(): void };
}
